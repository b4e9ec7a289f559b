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
export { createFakeCreditPlatform } from './service/fake-credit-platform.js';
export type { FakeCreditPlatform, FakeCreditPlatformOptions, HandleContext } from './service/fake-credit-platform.js';
export { startFakeServer } from './server/server.js';
export type { FakeServer, FakeServerOptions } from './server/server.js';
export { createManualClock, isManualClock, systemClock, DEFAULT_MANUAL_CLOCK_START } from './control/clock.js';
export type { Clock, ManualClock } from './control/clock.js';
export { FaultInjector } from './control/faults.js';
export type { FaultSpec } from './control/faults.js';
export type { FakeAdmin } from './control/admin.js';
export type { WebhookTarget } from './delivery/deliver.js';
export type { EmitData } from './delivery/event-samples.js';
export type { FakeRouteHandler, FakeRouteRequest } from './service/user-routes.js';
export type { AccountSeed, KycRecord } from './store/store.js';
export { RATE_LIMIT_TIERS } from './service/rate-limiter.js';
export type { RateLimitOptions, TierLimits } from './service/rate-limiter.js';
export { isFailedDelivery } from './delivery/webhook-deliverer.js';
export type { DeliveryOutcome } from './delivery/webhook-deliverer.js';
export type { FakeErrorItem } from './http-envelope.js';
export type { ListPage } from './store/collection.js';
export type {
  AccountRecord,
  ApiKeyRecord,
  CreatedApiKeyRecord,
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
