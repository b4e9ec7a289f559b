import { createAdmin, type FakeAdmin } from '../control/admin.js';
import { systemClock, type Clock } from '../control/clock.js';
import { FaultInjector } from '../control/faults.js';
import { handleRequest } from './handle.js';
import { RateLimiter, type RateLimitOptions } from './rate-limiter.js';
import { Router } from './router.js';
import { operationRoutes } from './routes/index.js';
import { Scheduler } from '../delivery/scheduler.js';
import { seedSampleRecords } from '../store/seed.js';
import { Store } from '../store/store.js';
import type { RateLimitTier, WebhookAttemptTiming, WebhookDeliveryRecord, WebhookForward, WebhookTransport } from '../types.js';
import { UserRoutes } from './user-routes.js';
import { checkDeliveryUrl } from '../delivery/delivery-url.js';
import { type ForwardTarget, WebhookDeliverer } from '../delivery/webhook-deliverer.js';

/**
 * Options of {@link createFakeCreditPlatform}. Every one has a default.
 *
 * @example
 * ```ts
 * const fake = createFakeCreditPlatform({ seed: 7, transactions: 100_000, clock: createManualClock() });
 * ```
 */
export interface FakeCreditPlatformOptions {
  /** Makes ids, keys and generated data reproducible; default 1. */
  seed?: number;
  /**
   * Seeds the ids made once the fake runs (events, deliveries, records created through the API)
   * apart from the starting data; default `seed`. `credit-platform fake` draws a new one on every
   * run: its data is seed 1's, as `startFakeServer()` gives and the README shows, while an
   * endpoint still running from an earlier run never gets an event id it handled already.
   *
   * @example
   * ```ts
   * const fake = createFakeCreditPlatform({ runSeed: Date.now() % 2 ** 31 });
   * ```
   */
  runSeed?: number;
  /** Where time comes from; default the wall clock. Use `createManualClock()` to drive retries. */
  clock?: Clock;
  /** Generated transactions of the default account; default 250. */
  transactions?: number;
  /** Rate-limit tier of the default account; default `premium`. */
  tier?: RateLimitTier;
  /** Value of the default account's all-permission key; default derived from the seed. */
  apiKey?: string;
  /** Rate-limit windows and tier allowances; default the spec's tiers over real minute and day windows. */
  rateLimit?: RateLimitOptions;
  /**
   * Sends webhook deliveries. Default: none, and nothing leaves the process: deliveries are
   * recorded (`fake.admin.deliveries()`) for the test to hand to its handler with
   * `fake.admin.deliver`. Pass `(request) => fetch(request)` to send them over the network.
   */
  webhookTransport?: WebhookTransport;
  /** A delivery with no response after this long has failed; default 10 000 ms of real time. */
  webhookTimeoutMs?: number;
  /**
   * Also delivers every event, of every account, to this endpoint, as if a subscription to every
   * event type existed there (loopback `http://` allowed): deliveries are really sent (with
   * `transport`, default `fetch`), signed with its `secret` and retried on the service's
   * schedule on the fake's clock; the endpoint is never turned inactive. A bad URL or secret is
   * a `TypeError` here.
   */
  forwardWebhooks?: WebhookForward;
  /** Called after every delivery attempt (sent, failed or only recorded), e.g. to log it. */
  onWebhookAttempt?: (delivery: WebhookDeliveryRecord, timing: WebhookAttemptTiming) => void;
  /** Larger request bodies get 413; default 1 MiB. */
  maxBodyBytes?: number;
}

/**
 * Per-request facts the fake cannot read from a `Request`.
 *
 * @example
 * ```ts
 * await fake.handle(request, { clientAddress: '10.0.0.7' });
 * ```
 */
export interface HandleContext {
  /** Rate-limit bucket for requests without a valid key; default `anonymous`. */
  clientAddress?: string;
}

/**
 * An in-memory Credit Platform service.
 *
 * @example
 * ```ts
 * const fake = createFakeCreditPlatform();
 * const res = await fake.handle(new Request('http://fake.test/api/v1/accounts/me', { headers: { 'x-api-key': fake.apiKey } }));
 * ```
 */
export interface FakeCreditPlatform {
  /** Serves one request; paths live under `/api/v1` on any origin. Never rejects. */
  handle(request: Request, context?: HandleContext): Promise<Response>;
  /** The default account's all-permission key. */
  readonly apiKey: string;
  /** The default account's id. */
  readonly accountId: string;
  /** The fake's clock: timestamps, rate-limit windows and webhook retry times all read it. */
  readonly clock: Clock;
  /** Test-side controls: seed accounts and keys, emit events, read and deliver deliveries, add routes. */
  readonly admin: FakeAdmin;
  /** Arms faults (error statuses, delays, dropped connections, non-JSON bodies) for the next requests. */
  readonly faults: FaultInjector;
  /** Moves a manual clock forward, running webhook retries that fall due on the way. */
  advanceTime(ms: number): Promise<void>;
  /** Resolves when no webhook delivery is in flight. */
  settled(): Promise<void>;
  /** Cancels scheduled retries (and their timers, with a real clock). */
  close(): void;
}

/**
 * Creates the fake with one seeded account, its key and a deterministic data set.
 *
 * @example
 * ```ts
 * import { createFakeCreditPlatform, createManualClock } from 'credit-platform/testing';
 *
 * const fake = createFakeCreditPlatform({ clock: createManualClock() });
 * const res = await fake.handle(
 *   new Request('https://api.example.test/api/v1/transactions?limit=10', { headers: { 'X-API-Key': fake.apiKey } }),
 * );
 * const { data } = await res.json(); // { items: [...10], nextCursor: '...' }
 * ```
 */
export function createFakeCreditPlatform(options: FakeCreditPlatformOptions = {}): FakeCreditPlatform {
  const clock = options.clock ?? systemClock;
  const store = new Store(options.seed ?? 1, clock);
  const scheduler = new Scheduler(clock);
  const deliverer = new WebhookDeliverer(store, scheduler, {
    transport: options.webhookTransport,
    timeoutMs: options.webhookTimeoutMs ?? 10_000,
    forward: forwardTarget(options.forwardWebhooks),
    onAttempt: options.onWebhookAttempt,
  });
  const faults = new FaultInjector();
  const userRoutes = new UserRoutes();
  const state = store.createAccount({
    name: 'Demo account',
    tier: options.tier ?? 'premium',
    transactions: options.transactions ?? 250,
  });
  const { key: apiKey } = store.createKey(state.account.id, { name: 'Default key', key: options.apiKey });
  seedSampleRecords(store, state);
  if (options.runSeed !== undefined) store.ids.continueWith(options.runSeed);

  const deps = {
    store,
    scheduler,
    deliverer,
    faults,
    limiter: new RateLimiter(options.rateLimit),
    router: new Router(operationRoutes()),
    userRoutes,
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
  };
  return {
    handle: (request, context) => handleRequest(deps, request, context?.clientAddress ?? 'anonymous'),
    apiKey,
    accountId: state.account.id,
    clock,
    admin: createAdmin(store, deliverer, scheduler, userRoutes, () => state.account.id),
    faults,
    advanceTime: (ms) => {
      if (!Number.isFinite(ms) || ms < 0) return Promise.reject(new RangeError('advanceTime(ms) needs a finite ms >= 0'));
      return scheduler.advanceTo(clock.now() + ms);
    },
    settled: () => scheduler.settled(),
    close: () => scheduler.clear(),
  };
}

function forwardTarget(forward: WebhookForward | undefined): ForwardTarget | undefined {
  if (forward === undefined) return undefined;
  const url = checkDeliveryUrl(forward.url, 'forwardWebhooks.url').href;
  if (typeof forward.secret !== 'string' || forward.secret.length === 0) {
    throw new TypeError('forwardWebhooks.secret must be a non-empty string: the secret your endpoint verifies against.');
  }
  return { url, secret: forward.secret, transport: forward.transport ?? ((request) => fetch(request)) };
}
