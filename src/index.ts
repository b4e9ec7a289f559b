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
export * from './resources/accounts/index.js';
export * from './resources/keys/index.js';
export * from './resources/webhooks/index.js';
export { watchWebhookSubscriptions } from './watch/watch-webhook-subscriptions.js';
export type {
  WatchWebhookSubscriptionsOptions,
  WebhookSubscriptionSource,
  WebhookSubscriptionWatch,
} from './watch/watch-webhook-subscriptions.js';
export * from './resources/transactions/index.js';
export * from './resources/deposits/index.js';
export * from './resources/credit/index.js';
export * from './resources/payments/index.js';
export * from './resources/yield/index.js';
export * from './resources/scores/index.js';
export type { RequestParams } from './resources/shared/bodies.js';
export type { ListParams } from './resources/shared/pagination.js';
export { KNOWN_CHAINS, KNOWN_TOKENS, type Chain, type Permission, type Token } from './resources/shared/primitives.js';
