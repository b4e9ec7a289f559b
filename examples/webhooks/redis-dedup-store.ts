// A WebhookDedupStore on Redis, for receivers that run in several processes: the in-memory
// default de-duplicates within one process only. Claims are atomic (SET NX with a lease), and
// only the process that holds a claim can complete or release it, so a handler that outlived its
// lease cannot wipe out the claim of the attempt that took over.
//
//   const redis = await createClient({ url: process.env.REDIS_URL }).connect();
//   const handler = createWebhookHandler({ secret, store: createRedisDedupStore(redis), on: { ... } });
import type { createClient } from 'redis';
import type { WebhookClaim, WebhookDedupStore } from '../../src/webhooks/index.js';

type Redis = ReturnType<typeof createClient>;

/** Options of {@link createRedisDedupStore}. */
export interface RedisDedupStoreOptions {
  /** How long a completed id is remembered; default 72 h (the service retries for about 14 h 36 min). */
  ttlMs?: number;
  /** How long a claim lasts if its handler never settles (a crashed process); default 5 min. */
  leaseMs?: number;
  /** Key prefix; default `credit-platform:webhook:`. */
  prefix?: string;
}

const DONE = 'done';
// Compare-and-set in one round trip: act only if the key still holds this process's claim.
const COMPLETE_IF_OWNER = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end return nil`;
const RELEASE_IF_OWNER = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** A {@link WebhookDedupStore} shared by every process connected to the same Redis. */
export function createRedisDedupStore(redis: Redis, options: RedisDedupStoreOptions = {}): WebhookDedupStore {
  const ttlMs = options.ttlMs ?? 72 * 3_600_000;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const prefix = options.prefix ?? 'credit-platform:webhook:';
  const held = new Map<string, string>(); // event id -> the claim value this process wrote

  return {
    async claim(eventId): Promise<WebhookClaim> {
      const key = prefix + eventId;
      const mine = `claim:${crypto.randomUUID()}`;
      const set = await redis.set(key, mine, { condition: 'NX', expiration: { type: 'PX', value: leaseMs } });
      if (set === 'OK') {
        held.set(eventId, mine);
        return 'claimed';
      }
      // Someone else holds or finished it. A claim that expired between the two calls is
      // reported as in progress: the service's retry will find it free.
      return (await redis.get(key)) === DONE ? 'completed' : 'in_progress';
    },
    async complete(eventId) {
      const mine = held.get(eventId);
      held.delete(eventId);
      if (mine) await redis.eval(COMPLETE_IF_OWNER, { keys: [prefix + eventId], arguments: [mine, DONE, String(ttlMs)] });
    },
    async release(eventId) {
      const mine = held.get(eventId);
      held.delete(eventId);
      if (mine) await redis.eval(RELEASE_IF_OWNER, { keys: [prefix + eventId], arguments: [mine] });
    },
  };
}
