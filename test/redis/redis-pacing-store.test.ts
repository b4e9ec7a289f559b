// createRedisPacingStore against a real redis-server, with both supported clients: several
// clients (as several processes would) share one budget, the key never reaches Redis, and an
// outage falls back to the local window and back.
import { afterEach, describe, expect, it } from 'vitest';
import { type LimitedService, startLimitedService } from '../../bench/pacing/limited-service.js';
import { ConfigurationError, CreditPlatform, type PacingStore } from '../../src/index.js';
import { createRedisPacingStore, type RedisClient } from '../../src/redis/index.js';
import { captureError } from '../helpers/capture.js';
import { REDIS_CLIENTS, type RedisClientKind } from '../helpers/redis-server.js';
import { useRedisServer } from '../helpers/use-redis.js';

const KEY = 'cp_test_SECRET_shared_key_42';
const used = useRedisServer();
let service: LimitedService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

type Lines = [string, Record<string, unknown> | undefined][];

function logger(lines: Lines) {
  const log = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    void lines.push([`${level} ${message}`, fields]);
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

describe.each(Object.keys(REDIS_CLIENTS) as RedisClientKind[])('createRedisPacingStore with %s', (kind) => {
  const redis = (): Promise<RedisClient> => used.connect(kind);

  async function worker(store: PacingStore, lines: Lines = []): Promise<CreditPlatform> {
    return new CreditPlatform({
      apiKey: KEY,
      baseUrl: (service as LimitedService).baseUrl,
      maxRetries: 0,
      pacing: { limits: [{ requests: 6, perMs: 600 }], store },
      logLevel: 'debug',
      logger: logger(lines),
    });
  }

  it('four workers on separate connections share one budget: no 429 in three windows of requests', async () => {
    service = await startLimitedService({ requests: 6, windowMs: 600 });
    const workers = await Promise.all(Array.from({ length: 4 }, async () => worker(createRedisPacingStore(await redis()))));
    const started = Date.now();
    const results = await Promise.allSettled(workers.flatMap((w) => Array.from({ length: 4 }, () => w.accounts.me())));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(service.rejected).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_200); // 16 requests need three windows of 6
  });

  it('the same workers each pacing on their own in-memory window draw 429s (what sharing fixes)', async () => {
    service = await startLimitedService({ requests: 6, windowMs: 600 });
    const workers = Array.from(
      { length: 4 },
      () =>
        new CreditPlatform({
          apiKey: KEY,
          baseUrl: (service as LimitedService).baseUrl,
          maxRetries: 0,
          pacing: { limits: [{ requests: 6, perMs: 600 }] },
        }),
    );
    await Promise.allSettled(workers.flatMap((w) => Array.from({ length: 4 }, () => w.accounts.me())));
    expect(service.rejected).toBeGreaterThan(0);
  });

  it('keys its sorted set by a hash of the API key, never the key', async () => {
    service = await startLimitedService({ requests: 6, windowMs: 600 });
    const client = await redis();
    const w = await worker(createRedisPacingStore(client, { prefix: 'cp-test:' }));
    await w.accounts.me();
    const probe = { client: await used.connect('redis') };
    const keys = await (probe.client as unknown as { keys(p: string): Promise<string[]> }).keys('*');
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^cp-test:pacing:[0-9a-f]{32}$/);
    expect(keys.join()).not.toContain(KEY);
    expect(keys.join()).not.toContain(KEY.slice(-8));
    // The call resolved only after its slot was settled: a process that exits now leaves no slot
    // counted as in flight.
    const slots = await (
      probe.client as unknown as { zRangeWithScores(k: string, a: number, b: number): Promise<{ score: number }[]> }
    ).zRangeWithScores(keys[0] as string, 0, -1);
    expect(slots).toHaveLength(1);
    expect(slots[0]?.score).toBeLessThanOrEqual(Date.now() + 50);
  });

  it('grants in order of the windows, reports when the next slot opens, and counts two windows', async () => {
    const store = createRedisPacingStore(await redis());
    const limits = [
      { requests: 3, perMs: 10_000 },
      { requests: 2, perMs: 500 },
    ];
    const first = await store.acquire('k', limits);
    const second = await store.acquire('k', limits);
    expect(first).toMatchObject({ granted: true, used: [1, 1] });
    expect(second).toMatchObject({ granted: true, used: [2, 2] });
    if (!first.granted || !second.granted) return;
    // Slots in flight do not leave the window: a whole window after "now" at the least.
    const inFlight = await store.acquire('k', limits);
    expect(inFlight).toMatchObject({ granted: false, waitMs: 500 });
    await store.settle('k', first.id);
    await store.settle('k', second.id);
    const third = await store.acquire('k', limits);
    expect(third.granted).toBe(false);
    if (third.granted) return;
    expect(third.waitMs).toBeGreaterThan(0);
    expect(third.waitMs).toBeLessThanOrEqual(500);
    await new Promise((resolve) => setTimeout(resolve, third.waitMs + 20));
    expect(await store.acquire('k', limits)).toMatchObject({ granted: true, used: [3, 1] });
    const full = await store.peek('k', limits);
    expect(full.waitMs).toBeGreaterThan(8_000); // the 10 s window is now the one that binds
  });

  it('Redis lost mid-run: every request completes, no 429, one warning; back to shared when it returns', async () => {
    service = await startLimitedService({ requests: 6, windowMs: 600 });
    const lines: Lines = [];
    const w = await worker(createRedisPacingStore(await redis()), lines);
    const calls = Array.from({ length: 5 }, () => w.accounts.me());
    await Promise.all(calls);
    await used.server.kill();
    const rest = await Promise.allSettled(Array.from({ length: 13 }, () => w.accounts.me()));
    expect(rest.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(service.rejected).toBe(0);
    expect(service.accepted).toHaveLength(18);
    expect(lines.filter(([m]) => m.startsWith('warn'))).toHaveLength(1);
    expect((await w.pacingState())?.mode).toBe('local');

    await used.server.start();
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // reconnect, and the pacer's retry interval
    await w.accounts.me();
    expect((await w.pacingState())?.mode).toBe('shared');
    expect(lines.some(([m]) => m.startsWith('info') && m.includes('answers again'))).toBe(true);
    expect(service.rejected).toBe(0);
  });

  it('Redis unreachable before the first call: that call fails clearly and nothing is sent', async () => {
    service = await startLimitedService({ requests: 6, windowMs: 600 });
    const w = await worker(createRedisPacingStore(await redis()));
    await used.server.kill();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const error = await captureError(w.accounts.me());
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe('pacing.store');
    expect((error as Error).message).toMatch(/Redis reachable/);
    expect(service.accepted.length + service.rejected).toBe(0);
  });
});

describe('createRedisPacingStore refuses clients it cannot use', () => {
  it('a node-redis client that is not connected', async () => {
    const { createClient } = await import('redis');
    const error = await captureError(async () => createRedisPacingStore(createClient({ url: used.server.url })));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/not connected.*connect\(\)/);
  });

  it('an ioredis client made with lazyConnect and never connected', async () => {
    const { Redis } = await import('ioredis');
    const lazy = new Redis(used.server.url, { lazyConnect: true });
    const error = await captureError(async () => createRedisPacingStore(lazy));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/lazyConnect/);
  });

  it('anything else', async () => {
    const error = await captureError(async () => createRedisPacingStore({} as never));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/`redis`.*`ioredis`/);
  });
});

describe('createRedisPacingStore reads only the reply its script gives', () => {
  it('a reply that is not a list is an error, never a grant', async () => {
    for (const reply of ['OK', null, 1, { granted: 1 }]) {
      const client = { isOpen: true, isReady: true, eval: async () => reply, evalSha: async () => reply };
      const store = createRedisPacingStore(client);
      const error = await captureError(async () => store.acquire('k', [{ requests: 1, perMs: 1_000 }]));
      expect(error.message, JSON.stringify(reply)).toBe('Unexpected reply from the pacing script.');
      expect((await captureError(async () => store.peek('k', [{ requests: 1, perMs: 1_000 }]))).message).toBe(
        'Unexpected reply from the pacing script.',
      );
    }
  });

  it('a grant carries a slot id of its own, which settle dates; a refusal carries the wait', async () => {
    const sent: string[][] = [];
    let reply: unknown[] = [1, 0, 1];
    const client = {
      isOpen: true,
      isReady: true,
      eval: async () => reply,
      evalSha: async (_sha: string, { arguments: args }: { keys: string[]; arguments: string[] }) => {
        sent.push(args);
        return reply;
      },
    };
    const store = createRedisPacingStore(client);
    const limits = [{ requests: 5, perMs: 60_000 }];
    const first = await store.acquire('k', limits);
    const second = await store.acquire('k', limits);
    expect(first).toMatchObject({ granted: true, used: [1] });
    if (!first.granted || !second.granted) throw new Error('granted');
    expect(new Set([first.id, second.id]).size).toBe(2);
    await store.settle('k', first.id);
    expect(sent.at(-1)).toEqual([first.id]);
    reply = ['0', '1234', '5'];
    expect(await store.acquire('k', limits)).toEqual({ granted: false, waitMs: 1_234, used: [5] });
    expect(await store.peek('k', limits)).toEqual({ waitMs: 1_234, used: [5] });
  });
});
