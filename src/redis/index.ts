/**
 * `credit-platform/redis`: stores for running many processes on one API key, on a Redis client
 * you already have (`redis` v5 or later, or `ioredis`; both optional peer dependencies, loaded
 * by your code, never by this SDK's root entry).
 *
 * @packageDocumentation
 */
export type {
  IORedisClient,
  NodeRedisClient,
  RedisClient,
} from './connection.js';
export { createRedisDedupStore, type RedisDedupStore, type RedisDedupStoreOptions } from './dedup-store.js';
export { createRedisPacingStore, type RedisPacingStoreOptions } from './pacing-store.js';
