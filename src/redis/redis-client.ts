// One small surface over the two Redis clients users already have, single-node or Cluster.
// Everything the stores do is a Lua script (atomic, and one call shape on both clients), sent by
// hash after the first time. Every script touches exactly one key, so on a Cluster each call goes
// to the one node that owns the key's slot and never meets CROSSSLOT; the key names need no
// `{hash tag}`, and a single node and a Cluster use the same names.
import { createHash } from 'node:crypto';
import { ConfigurationError } from '../errors/index.js';

/**
 * A client of `redis` (node-redis) version 5 or later, as returned by `await createClient().connect()`
 * or, for a Redis Cluster, `await createCluster({ rootNodes }).connect()`.
 *
 * @example
 * ```ts
 * import { createClient, createCluster } from 'redis';
 * import type { NodeRedisClient } from 'credit-platform/redis';
 * const redis: NodeRedisClient = await createClient({ url: process.env.REDIS_URL }).connect();
 * const cluster: NodeRedisClient = await createCluster({ rootNodes: [{ url: process.env.REDIS_URL }] }).connect();
 * ```
 */
export interface NodeRedisClient {
  /** `false` until `connect()`: such a client is refused. */
  readonly isOpen: boolean;
  /**
   * `false` while reconnecting: the stores then fail fast instead of queueing. A node-redis 5
   * cluster client has no `isReady`; the stores then go by `isOpen`, and a call made while the
   * cluster reconnects fails after `commandTimeoutMs`.
   */
  readonly isReady?: boolean;
  /** Runs a Lua script (the first time a script is used). */
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  /** Runs a cached Lua script by its SHA-1. */
  evalSha(sha1: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/**
 * A client of `ioredis`: `new Redis(url)`, or `new Cluster(nodes)` for a Redis Cluster (both
 * connect by themselves unless `lazyConnect` is set).
 *
 * @example
 * ```ts
 * import { Cluster, Redis } from 'ioredis';
 * import type { IORedisClient } from 'credit-platform/redis';
 * const redis: IORedisClient = new Redis(process.env.REDIS_URL!);
 * const cluster: IORedisClient = new Cluster([{ host: '10.0.0.1', port: 6379 }]);
 * ```
 */
export interface IORedisClient {
  /** `'wait'` (lazyConnect, never connected) and `'end'` are refused; commands go only while `'ready'`. */
  readonly status: string;
  /** Runs a Lua script (the first time a script is used). */
  eval(script: string, numKeys: number, ...keysAndArgs: string[]): Promise<unknown>;
  /** Runs a cached Lua script by its SHA-1. */
  evalsha(sha1: string, numKeys: number, ...keysAndArgs: string[]): Promise<unknown>;
}

/**
 * A connected Redis client: either `redis` (v5+) or `ioredis`. The stores detect which.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { createRedisPacingStore, type RedisClient } from 'credit-platform/redis';
 * const redis: RedisClient = await createClient().connect();
 * const store = createRedisPacingStore(redis);
 * ```
 */
export type RedisClient = NodeRedisClient | IORedisClient;

/** Runs a script; rejects at once (no offline queue) while the client is not ready. */
export type RunScript = (script: Script, keys: string[], args: string[]) => Promise<unknown>;

/** A Lua script and its SHA-1, computed once. */
export interface Script {
  readonly source: string;
  readonly sha1: string;
}

export function script(source: string): Script {
  return { source, sha1: createHash('sha1').update(source).digest('hex') };
}

const IOREDIS_UNUSABLE = new Set(['wait', 'end']);

function isNodeRedis(redis: unknown): redis is NodeRedisClient {
  const r = redis as Partial<NodeRedisClient>;
  return typeof r.isOpen === 'boolean' && typeof r.evalSha === 'function' && typeof r.eval === 'function';
}

function isIORedis(redis: unknown): redis is IORedisClient {
  const r = redis as Partial<IORedisClient>;
  return typeof r.status === 'string' && typeof r.evalsha === 'function' && typeof r.eval === 'function';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms.`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Checks the client at construction (a client that is not connected is a `ConfigurationError`
 * naming the fix) and returns the one call the stores need.
 */
export function connect(redis: unknown, fn: string, commandTimeoutMs: number): RunScript {
  let ready: () => boolean;
  let call: (sha: boolean, s: Script, keys: string[], args: string[]) => Promise<unknown>;
  if (isNodeRedis(redis)) {
    if (!redis.isOpen) {
      throw new ConfigurationError(
        'redis',
        `${fn}: the \`redis\` client is not connected; pass \`await createClient(...).connect()\`.`,
      );
    }
    // Read once: the getter exists on every client of one version or on none of them.
    ready = typeof redis.isReady === 'boolean' ? () => redis.isReady === true : () => redis.isOpen;
    call = (sha, s, keys, args) =>
      sha ? redis.evalSha(s.sha1, { keys, arguments: args }) : redis.eval(s.source, { keys, arguments: args });
  } else if (isIORedis(redis)) {
    if (IOREDIS_UNUSABLE.has(redis.status)) {
      throw new ConfigurationError(
        'redis',
        `${fn}: the \`ioredis\` client is not connected (status "${redis.status}"); call \`await redis.connect()\` when it was made with \`lazyConnect\`, and do not pass a client after \`quit()\`.`,
      );
    }
    ready = () => redis.status === 'ready';
    call = (sha, s, keys, args) =>
      sha ? redis.evalsha(s.sha1, keys.length, ...keys, ...args) : redis.eval(s.source, keys.length, ...keys, ...args);
  } else {
    throw new ConfigurationError(
      'redis',
      `${fn} takes a connected client of \`redis\` (v5 or later: \`await createClient().connect()\`) or of \`ioredis\` (\`new Redis()\`).`,
    );
  }
  return async (s, keys, args) => {
    if (!ready()) throw new Error('The Redis client is not ready (disconnected or reconnecting).');
    try {
      return await withTimeout(call(true, s, keys, args), commandTimeoutMs);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return withTimeout(call(false, s, keys, args), commandTimeoutMs);
    }
  };
}

/** Checks a positive integer option of a Redis store. */
export function positiveInteger(value: number | undefined, fallback: number, name: string, fn: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new ConfigurationError(name, `${fn}: \`${name}\` must be a positive integer of milliseconds; got ${String(value)}.`);
  }
  return value;
}
