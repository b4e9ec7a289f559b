/**
 * The client, its resources, errors and types, and the webhook helpers of
 * `credit-platform/webhooks` re-exported.
 *
 * @example
 * ```ts
 * import { CreditPlatform, RateLimitError } from 'credit-platform';
 *
 * const client = new CreditPlatform({ apiKey: process.env.CREDIT_PLATFORM_API_KEY });
 * const me = await client.accounts.me();
 * ```
 *
 * @module credit-platform
 */
export { CreditPlatform } from './client.js';
export { VERSION } from './version.js';
export { DEFAULTS, type ClientOptions, type RequestOptions, type Fetch } from './core/options.js';
export type { Logger, LogLevel } from './core/logger.js';
export type { Middleware } from './core/middleware.js';
export { TRACING_CHANNEL, type RequestTraceContext } from './core/tracing.js';
export { APIPromise, type WithResponse } from './core/api-promise.js';
export { Page, type ToArrayOptions } from './core/page.js';
export { PagePromise } from './core/page-promise.js';
export { readPageShape, type PageShape } from './core/page-shape.js';
export { parseRateLimit, type RateLimit } from './core/rate-limit.js';
export type { RawRequestOptions } from './core/raw-request.js';
export type { HttpMethod, QueryValue } from './core/http.js';
export * from './errors/index.js';
export type { Account, ApiKey, Permission, Transaction, WebhookSubscription } from './schemas/records.js';
export type { WebhookCreateParams } from './resources/webhooks.js';
export type { ListParams } from './resources/transactions.js';
export { Accounts } from './resources/accounts.js';
export { Keys } from './resources/keys.js';
export { Webhooks } from './resources/webhooks.js';
export { Transactions } from './resources/transactions.js';
export * from './webhooks/index.js';
// Resources, records and request rules of every category (issue 3).
export { AccountKyc } from './resources/account-kyc.js';
export { Deposits } from './resources/deposits.js';
export { Withdrawals } from './resources/withdrawals.js';
export { Credit } from './resources/credit.js';
export { Payments } from './resources/payments.js';
export { Yield } from './resources/yield.js';
export { Scores } from './resources/scores.js';
export type { AccountUpdateParams } from './resources/accounts.js';
export type { KycSubmitParams } from './resources/account-kyc.js';
export type { KeyCreateParams } from './resources/keys.js';
export type { WebhookUpdateParams } from './resources/webhooks.js';
export type { DepositCreateParams } from './resources/deposits.js';
export type { WithdrawalCreateParams } from './resources/withdrawals.js';
export type { CreditLineCreateParams, CreditLineUpdateParams } from './resources/credit.js';
export type { PaymentCreateParams } from './resources/payments.js';
export type { YieldReplaceParams, YieldUpdateParams } from './resources/yield.js';
export type {
  CreatedApiKey,
  RevokedApiKey,
  Kyc,
  CreditTier,
  WebhookStatus,
  Deposit,
  Withdrawal,
  CreditLine,
  Payment,
  YieldPosition,
  Score,
} from './schemas/records.js';
export { KNOWN_TOKENS, KNOWN_CHAINS, type Token, type Chain } from './schemas/primitives.js';
export { OPERATIONS, type OperationName } from './operations/index.js';
