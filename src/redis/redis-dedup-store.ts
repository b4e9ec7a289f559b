// The webhook receivers' de-duplication store in Redis, shared by every receiver process.
import { randomUUID } from 'node:crypto';
import type { Logger } from '../core/types.js';
import type { WebhookClaim, WebhookDedupStore } from '../webhooks/index.js';
import { connect, positiveInteger, type RedisClient, script } from './redis-client.js';
import { listenForErrors, storeLogger } from './error-listener.js';

// A receiver accepts events up to 72 h old (its default `maxEventAge`) and signed up to 5 min
// ahead of its clock: an id must outlive both, or an event signed ahead could be replayed after
// its id expired.
const DEFAULT_TTL_MS = 72 * 3_600_000 + 5 * 60_000;

/**
 * Options of {@link createRedisDedupStore}.
 *
 * @example
 * ```ts
 * import type { RedisDedupStoreOptions } from 'credit-platform/redis';
 * const options: RedisDedupStoreOptions = { ttlMs: 96 * 3_600_000, leaseMs: 60_000 };
 * ```
 */
export interface RedisDedupStoreOptions {
  /**
   * How long a completed id is remembered. Default 72 h + 5 min: a receiver's default
   * `maxEventAge` (72 h) plus the 5 min of clock skew it accepts, so no event a receiver would
   * still accept outlives its id. The service retries for about 14 h 36 min.
   */
  readonly ttlMs?: number;
  /**
   * How long a claim lasts unless renewed. Default 5 min. While a handler runs, the receivers renew
   * its claim every third of this, so it bounds how long an id stays blocked after its process
   * crashed, not how long a handler may take.
   */
  readonly leaseMs?: number;
  /** Key prefix. Default `credit-platform:webhook:`. */
  readonly prefix?: string;
  /** How long a Redis call may take before the receiver answers 503 (the service retries). Default 2 000 ms. */
  readonly commandTimeoutMs?: number;
  /**
   * Where the store reports a lost Redis connection (one `warn` per outage, one `info` when it is
   * back) if it adds the client's `'error'` listener, which it does only when the client has none.
   * Default `console`.
   *
   * @example
   * ```ts
   * import { Redis } from 'ioredis';
   * import type { Logger } from 'credit-platform';
   * import { createRedisDedupStore } from 'credit-platform/redis';
   *
   * declare const logger: Logger; // pino, winston, bunyan or console
   * const store = createRedisDedupStore(new Redis(process.env.REDIS_URL!), { logger });
   * ```
   */
  readonly logger?: Logger;
}

/**
 * What {@link createRedisDedupStore} returns: a {@link WebhookDedupStore} that says how long it
 * remembers a completed id.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { createRedisDedupStore, type RedisDedupStore } from 'credit-platform/redis';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const store: RedisDedupStore = createRedisDedupStore(redis, { ttlMs: 96 * 3_600_000 });
 * console.log(store.retentionMs); // 345600000
 * ```
 */
export interface RedisDedupStore extends WebhookDedupStore {
  /** How long a completed id is remembered, in ms: the `ttlMs` option, default 72 h + 5 min (259 500 000). */
  readonly retentionMs: number;
  /** How long a claim lasts unless renewed, in ms: the `leaseMs` option, default 300 000. */
  readonly leaseMs: number;
  /** Extends this process's claim by `leaseMs` from now; `false` when the claim is no longer this process's. */
  renew(eventId: string): Promise<boolean>;
}

const DONE = 'done';
// Claim in one atomic step: free -> this process's claim with a lease; otherwise say what holds it.
const CLAIM = script(`
local held = redis.call('GET', KEYS[1])
if not held then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 'claimed'
end
if held == '${DONE}' then return 'completed' end
return 'in_progress'
`);
// Compare-and-set: only the claim's owner renews, completes or releases it, so a handler that
// outlived its lease cannot extend or overwrite the claim of the attempt that took over.
const COMPLETE = script(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('SET', KEYS[1], '${DONE}', 'PX', ARGV[2]) end
return false
`);
const RENEW = script(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`);
const RELEASE = script(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`);

/**
 * A {@link WebhookDedupStore} shared by every receiver process connected to the same Redis: of
 * two deliveries of one event id, wherever they land, one runs the handler. A claim is atomic
 * and carries a lease, renewed while its handler runs (a crashed process does not block the id
 * longer than one lease); only the process that holds a claim can renew, complete or release
 * it; completed ids are remembered for 72 h + 5 min (`retentionMs`).
 *
 * When Redis fails, `claim` rejects and the receiver answers 503, so the service retries later;
 * a handler never runs twice for an id whose completion Redis still holds. A client with no
 * `'error'` listener gets one from the store, so that losing Redis never ends the process
 * (`redis` throws an `'error'` event nobody listens to): it writes one `warn` per outage to
 * `options.logger`. A listener you added before creating the store is left alone.
 *
 * Works on one Redis node and on a Redis Cluster (`createCluster()` of `redis`, `Cluster` of
 * `ioredis`): each call touches one key, `<prefix><event id>`.
 *
 * @param redis - A connected client of `redis` (v5 or later) or of `ioredis`, single-node or Cluster.
 * @param options - Retention, lease, key prefix, command timeout, logger.
 * @returns The store to pass as `store` to any webhook receiver.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { createWebhookHandler } from 'credit-platform/webhooks';
 * import { createRedisDedupStore } from 'credit-platform/redis';
 *
 * declare function recordPayment(data: unknown): Promise<void>;
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const handler = createWebhookHandler({
 *   secret: process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!,
 *   store: createRedisDedupStore(redis),
 *   on: { 'payment.received': async (event) => recordPayment(event.data) },
 * });
 * ```
 */
export function createRedisDedupStore(redis: RedisClient, options: RedisDedupStoreOptions = {}): RedisDedupStore {
  const fn = 'createRedisDedupStore';
  const run = connect(redis, fn, positiveInteger(options.commandTimeoutMs, 2_000, 'commandTimeoutMs', fn));
  listenForErrors(redis, storeLogger(options.logger, fn));
  const retentionMs = positiveInteger(options.ttlMs, DEFAULT_TTL_MS, 'ttlMs', fn);
  const ttlMs = String(retentionMs);
  const leaseMs = positiveInteger(options.leaseMs, 5 * 60_000, 'leaseMs', fn);
  const lease = String(leaseMs);
  const prefix = options.prefix ?? 'credit-platform:webhook:';
  const held = new Map<string, string>(); // event id -> the claim value this process wrote

  return {
    retentionMs,
    leaseMs,
    async claim(eventId): Promise<WebhookClaim> {
      const mine = `claim:${randomUUID()}`;
      const claim = String(await run(CLAIM, [prefix + eventId], [mine, lease])) as WebhookClaim;
      if (claim === 'claimed') held.set(eventId, mine);
      return claim;
    },
    async complete(eventId) {
      const mine = held.get(eventId);
      held.delete(eventId);
      if (mine) await run(COMPLETE, [prefix + eventId], [mine, ttlMs]);
    },
    async renew(eventId) {
      const mine = held.get(eventId);
      if (!mine) return false;
      if (Number(await run(RENEW, [prefix + eventId], [mine, lease])) === 1) return true;
      held.delete(eventId);
      return false;
    },
    async release(eventId) {
      const mine = held.get(eventId);
      held.delete(eventId);
      if (mine) await run(RELEASE, [prefix + eventId], [mine]);
    },
  };
}
