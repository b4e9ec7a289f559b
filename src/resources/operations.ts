import { accountOperations } from './accounts/operations.js';
import { creditOperations } from './credit/operations.js';
import { depositOperations } from './deposits/operations.js';
import { keyOperations } from './keys/operations.js';
import { paymentOperations } from './payments/operations.js';
import { scoreOperations } from './scores/operations.js';
import { transactionOperations } from './transactions/operations.js';
import { webhookOperations } from './webhooks/operations.js';
import { yieldOperations } from './yield/operations.js';

/**
 * Every operation the SDK calls, keyed by the resource method that runs it, assembled from the
 * declarations in each category's `operations.ts`. The resource methods run these, the testing
 * kit's fake dispatches by these names (so an operation without a fake handler does not
 * compile), and `docs/design/operations.md` is generated from this table (`npm run docs:operations`).
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
