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
export { DEFAULTS, type ClientOptions } from './core/config/client-options.js';
export type { ListRequestOptions, RequestOptions, Fetch } from './core/types.js';
export type { Logger, LogLevel } from './core/types.js';
export type { Middleware } from './core/types.js';
export { TRACING_CHANNEL, type RequestTraceContext } from './core/observability/tracing.js';
export { APIPromise, type WithResponse } from './core/operations/api-promise.js';
export { Page, type ToArrayOptions } from './core/pagination/page.js';
export { PagePromise } from './core/pagination/page-promise.js';
export { readPageShape, type PageShape } from './core/pagination/page-promise.js';
export { parseRateLimit } from './core/observability/rate-limit-headers.js';
export type * from './core/pacing/types.js';
export type { RawRequestOptions } from './core/types.js';
export type { HttpMethod, QueryValue } from './core/types.js';
export * from './errors/index.js';
export * from './webhooks/index.js';
export { OPERATIONS, type OperationName } from './resources/operations.js';
export { Accounts } from './resources/accounts/accounts.js';
export { AccountKyc } from './resources/accounts/kyc.js';
export type { Account, AccountUpdateParams, CreditTier, Kyc, KycSubmitParams } from './resources/accounts/schemas.js';
export { Keys } from './resources/keys/keys.js';
export type { ApiKey, CreatedApiKey, KeyCreateParams, RevokedApiKey } from './resources/keys/schemas.js';
export { Webhooks } from './resources/webhooks/webhooks.js';
export type {
  DeletedWebhookSubscription,
  WebhookCreateParams,
  WebhookStatus,
  WebhookSubscription,
  WebhookUpdateParams,
} from './resources/webhooks/schemas.js';
export { Transactions } from './resources/transactions/transactions.js';
export type { Transaction } from './resources/transactions/schemas.js';
export { Deposits } from './resources/deposits/deposits.js';
export { Withdrawals } from './resources/deposits/withdrawals.js';
export type { Deposit, DepositCreateParams, Withdrawal, WithdrawalCreateParams } from './resources/deposits/schemas.js';
export { Credit } from './resources/credit/credit.js';
export type { CreditLine, CreditLineCreateParams, CreditLineUpdateParams } from './resources/credit/schemas.js';
export { Payments } from './resources/payments/payments.js';
export type { Payment, PaymentCreateParams } from './resources/payments/schemas.js';
export { Yield } from './resources/yield/yield.js';
export type { YieldPosition, YieldReplaceParams, YieldUpdateParams } from './resources/yield/schemas.js';
export { Scores } from './resources/scores/scores.js';
export type { Score } from './resources/scores/schemas.js';
export type { RequestParams } from './resources/shared/bodies.js';
export type { ListParams } from './resources/shared/pagination.js';
export { KNOWN_CHAINS, KNOWN_TOKENS, type Chain, type Permission, type Token } from './resources/shared/primitives.js';
