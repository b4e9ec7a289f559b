/**
 * `credit-platform/testing`: an in-memory fake of the Credit Platform service, a
 * loopback server around it, and (under `credit-platform/testing/msw`) msw handlers.
 * This entry does not import msw.
 *
 * @example
 * ```ts
 * import { CreditPlatform } from 'credit-platform';
 * import { startFakeServer } from 'credit-platform/testing';
 *
 * const server = await startFakeServer();
 * const client = new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl });
 * console.log((await client.accounts.me()).id);
 * await server.close();
 * ```
 *
 * @module credit-platform/testing
 */
export { createFakeCreditPlatform } from './fake.js';
export type { FakeCreditPlatform, FakeCreditPlatformOptions, HandleContext } from './fake.js';
export { startFakeServer } from './server.js';
export type { FakeServer, FakeServerOptions } from './server.js';
export { createManualClock, isManualClock, systemClock, DEFAULT_MANUAL_CLOCK_START } from './clock.js';
export type { Clock, ManualClock } from './clock.js';
export { FaultInjector } from './faults.js';
export type { FaultSpec } from './faults.js';
export type { FakeAdmin } from './admin.js';
export type { WebhookTarget } from './deliver.js';
export type { EmitData } from './event-samples.js';
export type { FakeRouteHandler, FakeRouteRequest } from './user-routes.js';
export type { AccountSeed, KycRecord } from './store.js';
export { RATE_LIMIT_TIERS } from './rate-limiter.js';
export type { RateLimitOptions, TierLimits } from './rate-limiter.js';
export { isFailedDelivery } from './webhook-deliverer.js';
export type { DeliveryOutcome } from './webhook-deliverer.js';
export type { FakeErrorItem } from './http.js';
export type { ListPage } from './collection.js';
export type {
  AccountRecord,
  ApiKeyRecord,
  CreatedApiKey,
  Permission,
  RateLimitTier,
  TransactionRecord,
  WebhookDeliveryRecord,
  WebhookEventPayload,
  WebhookSubscriptionRecord,
  WebhookAttemptTiming,
  WebhookForward,
  WebhookTransport,
} from './types.js';
