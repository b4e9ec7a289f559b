// A Redis outage never crashes the process: a client with no 'error' listener of the user's
// gets one from the stores, which logs one warn per outage; a listener the user added is left
// alone. Real redis-server, both clients.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, type Logger } from '../../src/index.js';
import { createRedisDedupStore, createRedisPacingStore, type RedisClient } from '../../src/redis/index.js';
import { captureError } from '../helpers/capture.js';
import { REDIS_CLIENTS, type RedisClientKind, startRedisServer } from '../helpers/redis-server.js';
import { useRedisServer } from '../helpers/use-redis.js';

const used = useRedisServer();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const LIMITS = [{ requests: 10, perMs: 1_000 }];

interface Recorded extends Logger {
  readonly lines: { level: string; text: string }[];
  at(level: string): string[];
}

function recorder(): Recorded {
  const lines: { level: string; text: string }[] = [];
  const log = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    void lines.push({ level, text: `${message} ${JSON.stringify(fields ?? {})}` });
  return {
    lines,
    at: (level) => lines.filter((l) => l.level === level).map((l) => l.text),
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
  };
}

type Emitting = RedisClient & EventEmitter;

/** Resolves once `work` succeeds (the client reconnected), trying for up to 5 s. */
async function eventually(work: () => unknown): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      await work();
      return;
    } catch (error) {
      if (i > 50) throw error;
      await sleep(100);
    }
  }
}

describe.each(Object.keys(REDIS_CLIENTS) as RedisClientKind[])('a Redis outage under %s', (kind) => {
  it('a client with no listener gets one (one for both stores); an outage is one warn, the next outage one more', async () => {
    const client = (await used.connect(kind, { listen: false })) as Emitting;
    const logger = recorder();
    const dedup = createRedisDedupStore(client, { prefix: 'o1:', logger });
    const pacing = createRedisPacingStore(client, { prefix: 'o1:', logger });
    expect(await dedup.claim('evt_1')).toBe('claimed');

    await used.server.kill();
    await sleep(800); // the client retries every 100 ms, and each failed retry is an 'error' event
    expect(logger.at('warn')).toHaveLength(1);
    expect(logger.at('warn')[0]).toMatch(/Redis connection is down/);
    expect(client.listenerCount('error')).toBe(1);
    expect((await captureError(async () => dedup.claim('evt_2'))).message).toMatch(/not ready/);
    expect((await captureError(async () => pacing.acquire('k', LIMITS))).message).toMatch(/not ready/);

    await used.server.start();
    await eventually(() => dedup.claim('evt_3'));
    expect(await pacing.acquire('k', LIMITS)).toMatchObject({ granted: true });
    expect(logger.at('info')).toEqual([expect.stringMatching(/Redis connection is back/)]);
    expect(logger.at('warn')).toHaveLength(1);

    await used.server.kill();
    await sleep(800);
    expect(logger.at('warn')).toHaveLength(2);
    expect(logger.at('error')).toEqual([]);
  });

  it("a listener the user added is left alone: the stores add none and log nothing of the client's errors", async () => {
    const client = (await used.connect(kind)) as Emitting; // the helper adds the test's own listener
    const logger = recorder();
    createRedisDedupStore(client, { logger });
    createRedisPacingStore(client, { logger });
    expect(client.listenerCount('error')).toBe(1);
    const seen: unknown[] = [];
    client.on('error', (error) => seen.push(error));
    await used.server.kill();
    await sleep(500);
    expect(seen.length).toBeGreaterThan(0);
    expect(logger.lines).toEqual([]);
  });

  it('the warning never carries the password of the Redis URL', async () => {
    const password = 'pw-in-the-url-7c1d9e';
    const server = await startRedisServer({ password });
    const { client, close } = await REDIS_CLIENTS[kind](server.url, { listen: false });
    try {
      expect(server.url).toContain(password);
      const logger = recorder();
      createRedisDedupStore(client, { logger });
      await server.kill();
      await sleep(500);
      expect(logger.at('warn')).toHaveLength(1);
      expect(logger.lines.map((l) => l.text).join('\n')).not.toContain(password);
    } finally {
      close();
      await server.close();
    }
  });
});

/** A node-redis look-alike: connected, with the event methods of EventEmitter. */
function fakeNodeRedis(): RedisClient & EventEmitter {
  return Object.assign(new EventEmitter(), {
    isOpen: true,
    isReady: true,
    eval: async () => null,
    evalSha: async () => null,
  });
}

describe('the Redis error listener', () => {
  it('strips credentials from any URL in the error it logs', () => {
    const client = fakeNodeRedis();
    const logger = recorder();
    createRedisPacingStore(client, { logger });
    client.emit('error', new Error('cannot reach rediss://default:s3cr3t-Pa55@10.0.0.7:6380/0 (timeout)'));
    expect(logger.at('warn')).toHaveLength(1);
    expect(logger.at('warn')[0]).not.toContain('s3cr3t-Pa55');
    expect(logger.at('warn')[0]).toContain('rediss://***@10.0.0.7:6380/0');
  });

  it('an outage ends when the client is ready again', () => {
    const client = fakeNodeRedis();
    const logger = recorder();
    createRedisDedupStore(client, { logger });
    for (const _ of [1, 2, 3]) client.emit('error', new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    client.emit('ready');
    client.emit('ready'); // a ready without an outage before it says nothing
    client.emit('error', new Error('Socket closed unexpectedly'));
    expect(logger.at('warn')).toHaveLength(2);
    expect(logger.at('info')).toHaveLength(1);
  });

  it('a client without `on` or `listenerCount` is taken as it is', async () => {
    const bare = { isOpen: true, isReady: true, eval: async () => 'claimed', evalSha: async () => 'claimed' };
    const store = createRedisDedupStore(bare, { logger: recorder() });
    expect(await store.claim('evt_1')).toBe('claimed');
    expect(createRedisPacingStore({ ...bare, on: 'not a function' } as never)).toBeDefined();
  });

  it('a logger without warn or info is a ConfigurationError naming the option', async () => {
    for (const create of [createRedisDedupStore, createRedisPacingStore]) {
      const error = await captureError(async () => create(fakeNodeRedis(), { logger: { warn: () => undefined } as never }));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).option).toBe('logger');
    }
  });
});
