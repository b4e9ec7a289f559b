/**
 * `credit-platform/redis`: stores for running many processes on one API key, on a Redis client
 * you already have (`redis` v5 or later, or `ioredis`; both optional peer dependencies, loaded
 * by your code, never by this SDK's root entry).
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
