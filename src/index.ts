/**
 * The client, its resources, errors and types, and the webhook helpers of
 * `credit-platform/webhooks` re-exported.
 *
 * **Start here**: `new CreditPlatform()` reads `CREDIT_PLATFORM_API_KEY` and
 * `CREDIT_PLATFORM_BASE_URL`; each category of the API is a property of the client
 * ({@link CreditPlatform.accounts | accounts}, {@link CreditPlatform.transactions | transactions}, ...),
 * every `list()` can be iterated item by item, and every failure is an error class of the
 * "Errors" group below. Guides: [calling the API](../docs/guides/calling-the-api.md),
 * [pagination](../docs/guides/pagination.md), [errors and retries](../docs/guides/errors-and-retries.md).
 *
 * @example
 * ```ts
 * import { CreditPlatform, RateLimitError } from 'credit-platform';
 *
 * const client = new CreditPlatform(); // reads CREDIT_PLATFORM_API_KEY and CREDIT_PLATFORM_BASE_URL
 * const me = await client.accounts.me();
 * for await (const tx of client.transactions.list({ limit: 100 })) console.log(tx.id, tx.amount);
 * try {
 *   await client.deposits.create({ token: 'USDC', chain: 'Base', amount: '2500.00' });
 * } catch (error) {
 *   if (error instanceof RateLimitError) console.log(`retry after ${error.reset.toISOString()}`, me.id);
 *   else throw error;
 * }
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
export {
  type RequestTraceAttempt,
  type RequestTraceAttemptScope,
  type RequestTraceContext,
  TRACING_CHANNEL,
} from './core/observability/tracing.js';
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
export type { Permission } from './resources/shared/primitives.js';
export { KNOWN_CHAINS, KNOWN_TOKENS, type Chain, type Token } from './utils/known-assets.js';
