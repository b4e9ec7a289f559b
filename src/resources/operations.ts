import accountOperations from './accounts/accounts.js';
import creditOperations from './credit/credit.js';
import depositOperations from './deposits/deposits.js';
import keyOperations from './keys/keys.js';
import paymentOperations from './payments/payments.js';
import scoreOperations from './scores/scores.js';
import transactionOperations from './transactions/transactions.js';
import webhookOperations from './webhooks/webhooks.js';
import yieldOperations from './yield/yield.js';

/**
 * Every operation the SDK calls, keyed by the resource method that runs it, assembled from the
 * tables declared beside the resource classes (one file per category, `src/resources/<category>/`).
 * The resource methods run these, the testing kit's fake dispatches by these names (so an
 * operation without a fake handler does not compile), and `docs/design/operations.md` is
 * generated from this table (`npm run docs:operations`).
 *
 * @example
 * ```ts
 * import { OPERATIONS } from 'credit-platform';
 * for (const [call, op] of Object.entries(OPERATIONS)) {
 *   console.log(call, op.method, `/${op.path}`, op.documented ? 'documented' : 'conventional');
 * }
 * ```
 */
export const OPERATIONS = {
  ...accountOperations,
  ...keyOperations,
  ...webhookOperations,
  ...transactionOperations,
  ...depositOperations,
  ...creditOperations,
  ...paymentOperations,
  ...yieldOperations,
  ...scoreOperations,
} as const;

/**
 * The name of a resource method, e.g. `'deposits.withdrawals.create'`.
 *
 * @example
 * ```ts
 * const call: OperationName = 'transactions.list';
 * ```
 */
export type OperationName = keyof typeof OPERATIONS;
