import * as accounts from './accounts.js';
import * as credit from './credit.js';
import * as deposits from './deposits.js';
import * as keys from './keys.js';
import * as payments from './payments.js';
import * as scores from './scores.js';
import * as transactions from './transactions.js';
import * as webhooks from './webhooks.js';
import * as yieldOps from './yield.js';

/**
 * Every operation the SDK calls, keyed by the resource method that runs it: the SDK's side of the
 * route table in docs/design/operations.md. Each resource method runs the operation of its key,
 * so a route is declared once; a test checks every method against this table, and the testing
 * kit's fake serves the same table from its own routes.
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
  'accounts.me': accounts.retrieveMyAccount,
  'accounts.retrieve': accounts.retrieveAccount,
  'accounts.update': accounts.updateAccount,
  'accounts.kyc.retrieve': accounts.retrieveKyc,
  'accounts.kyc.submit': accounts.submitKyc,
  'keys.revoke': keys.revokeKey,
  'keys.list': keys.listKeys,
  'keys.retrieve': keys.retrieveKey,
  'keys.create': keys.createKey,
  'webhooks.create': webhooks.createWebhook,
  'webhooks.list': webhooks.listWebhooks,
  'webhooks.retrieve': webhooks.retrieveWebhook,
  'webhooks.update': webhooks.updateWebhook,
  'webhooks.delete': webhooks.deleteWebhook,
  'transactions.list': transactions.listTransactions,
  'transactions.retrieve': transactions.retrieveTransaction,
  'deposits.list': deposits.listDeposits,
  'deposits.retrieve': deposits.retrieveDeposit,
  'deposits.create': deposits.createDeposit,
  'deposits.withdrawals.list': deposits.listWithdrawals,
  'deposits.withdrawals.retrieve': deposits.retrieveWithdrawal,
  'deposits.withdrawals.create': deposits.createWithdrawal,
  'credit.list': credit.listCreditLines,
  'credit.retrieve': credit.retrieveCreditLine,
  'credit.create': credit.createCreditLine,
  'credit.update': credit.updateCreditLine,
  'payments.list': payments.listPayments,
  'payments.retrieve': payments.retrievePayment,
  'payments.create': payments.createPayment,
  'yield.list': yieldOps.listYieldPositions,
  'yield.retrieve': yieldOps.retrieveYieldPosition,
  'yield.replace': yieldOps.replaceYieldPosition,
  'yield.update': yieldOps.updateYieldPosition,
  'scores.list': scores.listScores,
  'scores.retrieve': scores.retrieveScore,
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
