/**
 * `credit-platform/redis`: stores for running many processes on one API key, on a Redis client
 * you already have (`redis` v5 or later, or `ioredis`; both optional peer dependencies, loaded
 * by your code, never by this SDK's root entry).
 *
 * **Start here**: give every client the same {@link createRedisPacingStore} (one rate-limit
 * budget per key, shared by every process) and every webhook receiver the same
 * {@link createRedisDedupStore} (each event runs once, whichever process a delivery reaches).
 * Guide: [running many workers](../../docs/guides/many-workers.md).
 *
 * @example
 * ```ts
 * import { createClient } from 'redis'; // or: import { Redis } from 'ioredis'; const redis = new Redis(url);
 * import { CreditPlatform } from 'credit-platform';
 * import { createRedisDedupStore, createRedisPacingStore } from 'credit-platform/redis';
 * import { createWebhookHandler } from 'credit-platform/webhooks';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const client = new CreditPlatform({ pacing: { tier: 'premium', store: createRedisPacingStore(redis) } });
 * export const POST = createWebhookHandler({
 *   secret: process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!,
 *   store: createRedisDedupStore(redis),
 *   on: { 'payment.received': async (event) => console.log(event.data, client.rateLimit) },
 * });
 * ```
 *
 * @module credit-platform/redis
 */
export type {
  IORedisClient,
  NodeRedisClient,
  RedisClient,
} from './redis-client.js';
export { createRedisDedupStore, type RedisDedupStore, type RedisDedupStoreOptions } from './redis-dedup-store.js';
export { createRedisPacingStore, type RedisPacingStoreOptions } from './redis-pacing-store.js';
