// The pacing windows in Redis, shared by every process that uses the same API key.
//
// Why a script of our own: the maintained Redis limiters we looked at do not fit. rate-limiter-
// flexible (both clients) counts fixed windows, which lets twice the limit through across a
// window boundary; sliding-window-rate-limiter works only with ioredis; neither takes several
// windows (per minute and per day) in one atomic step, nor moves a slot to the time its response
// arrived, which is what keeps network delays from turning into 429s. Bottleneck, which octokit
// uses, is unmaintained. One Lua script over a sorted set does all of it in one round trip.
import { randomUUID } from 'node:crypto';
import type { Logger } from '../core/types.js';
import { IN_FLIGHT_HOLD_MS } from '../core/pacing/in-flight-hold.js';
import type { PacingAttempt, PacingLimit, PacingStore, PacingUsage } from '../core/pacing/types.js';
import { connect, positiveInteger, type RedisClient, script } from './redis-client.js';
import { listenForErrors, storeLogger } from './error-listener.js';

/**
 * Options of {@link createRedisPacingStore}.
 *
 * @example
 * ```ts
 * import type { RedisPacingStoreOptions } from 'credit-platform/redis';
 * const options: RedisPacingStoreOptions = { prefix: 'billing:cp:', commandTimeoutMs: 500 };
 * ```
 */
export interface RedisPacingStoreOptions {
  /** Prefix of the one sorted set per API key (`<prefix>pacing:<hash of the key>`). Default `credit-platform:`. */
  readonly prefix?: string;
  /** How long a Redis call may take before this process paces on its own window. Default 1 000 ms. */
  readonly commandTimeoutMs?: number;
  /**
   * Where the store reports a lost Redis connection (one `warn` per outage, one `info` when it is
   * back) if it adds the client's `'error'` listener, which it does only when the client has none.
   * Default `console`.
   *
   * @example
   * ```ts
   * import { createClient } from 'redis';
   * import type { Logger } from 'credit-platform';
   * import { createRedisPacingStore } from 'credit-platform/redis';
   *
   * declare const logger: Logger; // the one you give the client: pino, winston, bunyan or console
   * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
   * const store = createRedisPacingStore(redis, { logger });
   * ```
   */
  readonly logger?: Logger;
}

// KEYS[1]: the key's log, a sorted set of slot ids scored by time (ms, Redis's clock, so
// processes on different machines agree). A new slot is dated `hold` ms ahead while its request
// is in flight; settling dates it to the response. ARGV: 'take' or 'peek', the new slot id, the
// hold, then `requests perMs` per window. Returns {granted, waitMs, used...}.
const WINDOWS = script(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local hold = tonumber(ARGV[3])
local longest = 0
for i = 4, #ARGV, 2 do longest = math.max(longest, tonumber(ARGV[i + 1])) end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - longest - hold)
local total = redis.call('ZCARD', KEYS[1])
local wait = 0
local reply = {0, 0}
for i = 4, #ARGV, 2 do
  local requests, per = tonumber(ARGV[i]), tonumber(ARGV[i + 1])
  local count = redis.call('ZCOUNT', KEYS[1], '(' .. (now - per), '+inf')
  if count >= requests then
    local leaving = redis.call('ZRANGE', KEYS[1], total - requests, total - requests, 'WITHSCORES')
    wait = math.max(wait, math.min(tonumber(leaving[2]), now) + per - now)
  end
  reply[#reply + 1] = count
end
if ARGV[1] == 'take' and wait <= 0 then
  redis.call('ZADD', KEYS[1], now + hold, ARGV[2])
  redis.call('PEXPIRE', KEYS[1], longest + hold)
  reply[1] = 1
  for i = 3, #reply do reply[i] = reply[i] + 1 end
end
reply[2] = wait
return reply
`);

// Dates a slot to now: the response has arrived, so the service counted it no later than this.
const SETTLE = script(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return redis.call('ZADD', KEYS[1], 'XX', 'CH', now, ARGV[1])
`);

const HOLD = String(IN_FLIGHT_HOLD_MS);

function windowArgs(limits: readonly PacingLimit[]): string[] {
  return limits.flatMap(({ requests, perMs }) => [String(requests), String(perMs)]);
}

function numbers(reply: unknown): number[] {
  if (!Array.isArray(reply)) throw new Error('Unexpected reply from the pacing script.');
  return reply.map(Number);
}

/**
 * A pacing store in Redis: every process that paces the same API key through it shares one
 * budget, so their requests together stay under the service's limits. Pass it as
 * `pacing.store`. The sliding windows live in one sorted set per key, named by a hash of the key
 * (never the key), updated atomically by a Lua script that reads Redis's clock.
 *
 * The client must be connected (`ConfigurationError` otherwise). If Redis is unreachable at a
 * client's first call, that call fails with a `ConfigurationError`; if it goes away later, each
 * process paces on its own window (one `warn` log line) until Redis answers again.
 *
 * A client with no `'error'` listener gets one from the store, so that losing Redis never ends the
 * process (`redis` throws an `'error'` event nobody listens to): it writes one `warn` per outage
 * to `options.logger`. A listener you added before creating the store is left alone.
 *
 * Works on one Redis node and on a Redis Cluster (`createCluster()` of `redis`, `Cluster` of
 * `ioredis`): each call touches one key, the API key's sorted set.
 *
 * @param redis - A connected client of `redis` (v5 or later) or of `ioredis`, single-node or Cluster.
 * @param options - Key prefix, command timeout, logger.
 * @returns The store to pass as `pacing.store`.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { CreditPlatform } from 'credit-platform';
 * import { createRedisPacingStore } from 'credit-platform/redis';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const client = new CreditPlatform({ pacing: { tier: 'standard', store: createRedisPacingStore(redis) } });
 * ```
 */
export function createRedisPacingStore(redis: RedisClient, options: RedisPacingStoreOptions = {}): PacingStore {
  const fn = 'createRedisPacingStore';
  const run = connect(redis, fn, positiveInteger(options.commandTimeoutMs, 1_000, 'commandTimeoutMs', fn));
  listenForErrors(redis, storeLogger(options.logger, fn));
  const prefix = options.prefix ?? 'credit-platform:';
  const slotPrefix = `${randomUUID()}:`;
  let nextSlot = 0;
  const logKey = (key: string) => `${prefix}pacing:${key}`;

  return {
    async acquire(key, limits): Promise<PacingAttempt> {
      const id = slotPrefix + nextSlot++;
      const [granted, waitMs = 0, ...used] = numbers(
        await run(WINDOWS, [logKey(key)], ['take', id, HOLD, ...windowArgs(limits)]),
      );
      return granted === 1 ? { granted: true, id, used } : { granted: false, waitMs, used };
    },
    async peek(key, limits): Promise<PacingUsage> {
      const [, waitMs = 0, ...used] = numbers(await run(WINDOWS, [logKey(key)], ['peek', '', HOLD, ...windowArgs(limits)]));
      return { waitMs, used };
    },
    async settle(key, id) {
      await run(SETTLE, [logKey(key)], [id]);
    },
  };
}
