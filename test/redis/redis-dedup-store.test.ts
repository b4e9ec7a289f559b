// createRedisDedupStore against a real redis-server, with both supported clients: receivers
// sharing it run each event once, as processes behind a load balancer would.
import { describe, expect, it } from 'vitest';
import { createSharedReceiver } from '../../examples/webhooks/redis-dedup-store.js';
import { ConfigurationError } from '../../src/index.js';
import { createRedisDedupStore, type RedisClient } from '../../src/redis/index.js';
import { createSignedWebhookDelivery, createWebhookHandler, type WebhookDedupStore } from '../../src/webhooks/index.js';
import { captureError } from '../helpers/capture.js';
import { REDIS_CLIENTS, type RedisClientKind } from '../helpers/redis-server.js';
import { useRedisServer } from '../helpers/use-redis.js';

const SECRET = 'whsec_redis_test';
const used = useRedisServer();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function post(delivery: { body: string; headers: Record<string, string> }): Request {
  return new Request('https://receiver.test/webhooks', { method: 'POST', body: delivery.body, headers: delivery.headers });
}

/** The time to live Redis has for `key`, in ms. */
async function pttl(key: string): Promise<number> {
  const probe = (await used.connect('redis')) as unknown as { pTTL(key: string): Promise<number> };
  return probe.pTTL(key);
}

function payment() {
  return createSignedWebhookDelivery({ type: 'payment.received', data: { paymentId: 'pay_1' }, secret: SECRET });
}

describe.each(Object.keys(REDIS_CLIENTS) as RedisClientKind[])('createRedisDedupStore with %s', (kind) => {
  const redis = (): Promise<RedisClient> => used.connect(kind);

  it('claims atomically: of concurrent claims of one id on two connections, exactly one wins', async () => {
    const a = createRedisDedupStore(await redis(), { prefix: 't1:' });
    const b = createRedisDedupStore(await redis(), { prefix: 't1:' });
    const results = await Promise.all([a.claim('evt_x'), b.claim('evt_x'), a.claim('evt_x'), b.claim('evt_x')]);
    expect(results.filter((r) => r === 'claimed')).toHaveLength(1);
    expect(results.filter((r) => r === 'in_progress')).toHaveLength(3);
  });

  it('two receivers (the example) run each event once, and acknowledge the duplicate', async () => {
    const runs: string[] = [];
    const receiver = async () =>
      createSharedReceiver(await redis(), {
        secret: SECRET,
        on: { 'payment.received': async (event) => void runs.push(event.id) },
      });
    const [first, second] = [await receiver(), await receiver()];
    const delivery = payment();
    const one = await first(post(delivery));
    const two = await second(post(delivery)); // the service's retry, landing on the other process
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(runs).toEqual([delivery.event.id]);
  });

  it('a failed handler releases its claim, so the retry on another process runs it', async () => {
    let calls = 0;
    const receiver = async (fail: boolean) =>
      createWebhookHandler({
        secret: SECRET,
        store: createRedisDedupStore(await redis(), { prefix: 't3:' }),
        on: {
          'payment.received': async () => {
            calls++;
            if (fail) throw new Error('database down');
          },
        },
        onError: () => undefined,
      });
    const delivery = payment();
    expect((await (await receiver(true))(post(delivery))).status).toBe(500);
    expect((await (await receiver(false))(post(delivery))).status).toBe(200);
    expect(calls).toBe(2);
  });

  it('a completed id expires after its ttl, and a lease frees an id whose handler never finished', async () => {
    const store = createRedisDedupStore(await redis(), { prefix: 't4:', ttlMs: 200, leaseMs: 200 });
    expect(await store.claim('evt_done')).toBe('claimed');
    await store.complete('evt_done');
    expect(await store.claim('evt_done')).toBe('completed');
    expect(await store.claim('evt_stuck')).toBe('claimed');
    expect(await store.claim('evt_stuck')).toBe('in_progress');
    await sleep(300);
    expect(await store.claim('evt_done')).toBe('claimed');
    expect(await store.claim('evt_stuck')).toBe('claimed');
  });

  it('remembers a completion for 72 h + 5 min by default (maxEventAge and the future skew a receiver accepts), and says so', async () => {
    const store = createRedisDedupStore(await redis(), { prefix: 't6:' });
    expect(store.retentionMs).toBe(259_500_000);
    expect(await store.claim('evt_1')).toBe('claimed');
    await store.complete('evt_1');
    const ttl = await pttl('t6:evt_1');
    expect(ttl).toBeGreaterThan(259_500_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(259_500_000);
  });

  it('an explicit ttlMs is what it keeps and what retentionMs says', async () => {
    const store = createRedisDedupStore(await redis(), { prefix: 't8:', ttlMs: 96 * 3_600_000 });
    expect(store.retentionMs).toBe(96 * 3_600_000);
    expect(await store.claim('evt_1')).toBe('claimed');
    await store.complete('evt_1');
    const ttl = await pttl('t8:evt_1');
    expect(ttl).toBeGreaterThan(96 * 3_600_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(96 * 3_600_000);
  });

  it('a process whose lease ran out cannot complete or release the claim another process took over', async () => {
    const slow = createRedisDedupStore(await redis(), { prefix: 't5:', leaseMs: 100 });
    const other = createRedisDedupStore(await redis(), { prefix: 't5:' });
    expect(await slow.claim('evt_1')).toBe('claimed');
    await sleep(150);
    expect(await other.claim('evt_1')).toBe('claimed');
    await slow.release('evt_1');
    await slow.complete('evt_1');
    expect(await other.claim('evt_1')).toBe('in_progress');
    await other.complete('evt_1');
    expect(await slow.claim('evt_1')).toBe('completed');
  });

  /** Two receivers on two connections; the first run of the handler takes `firstRunMs`. */
  async function slowPair(store: (name: string) => Promise<WebhookDedupStore>, firstRunMs: number) {
    let runs = 0;
    let started!: () => void;
    const firstRun = new Promise<void>((resolve) => {
      started = resolve;
    });
    const receiver = async (name: string) =>
      createWebhookHandler({
        secret: SECRET,
        store: await store(name),
        on: {
          'payment.received': async () => {
            if (++runs > 1) return;
            started();
            await sleep(firstRunMs);
          },
        },
      });
    return { a: await receiver('a'), b: await receiver('b'), firstRun, runs: () => runs };
  }

  it('a handler slower than the lease runs once: its claim is renewed, and the retry on another process meanwhile gets 503', async () => {
    const { a, b, firstRun, runs } = await slowPair(
      // Renewed every 500 ms (leaseMs / 3): the claim outlives a renewal a loaded machine delays by up to 1 s.
      async () => createRedisDedupStore(await redis(), { prefix: 't9:', leaseMs: 1_500 }),
      3_500,
    );
    const delivery = payment();
    const first = a(post(delivery));
    await firstRun;
    await sleep(2_000); // past the lease: only a renewal keeps the claim
    const retry = await b(post(delivery));
    expect([retry.status, await retry.json()]).toEqual([503, { error: 'in_progress' }]);
    expect((await first).status).toBe(200);
    const after = await b(post(delivery));
    expect([after.status, await after.json()]).toEqual([200, { received: true, duplicate: true }]);
    expect(runs()).toBe(1);
  });

  it('a lease nobody renews runs out: when the renewals stop (the process died), the retry on another process runs it', async () => {
    const { a, b, firstRun, runs } = await slowPair(async (name) => {
      const store = createRedisDedupStore(await redis(), { prefix: 't10:', leaseMs: 600 });
      if (name === 'b') return store;
      let renewals = 0;
      return { ...store, renew: async (id: string) => (renewals++ === 0 ? store.renew(id) : true) };
    }, 2_000);
    const delivery = payment();
    const first = a(post(delivery));
    await firstRun;
    await sleep(1_300); // the one renewal came at 200 ms: the claim ran out at 800 ms
    expect((await b(post(delivery))).status).toBe(200);
    expect(runs()).toBe(2);
    expect((await first).status).toBe(200);
  });

  it('only the claimant renews: a process whose lease ran out cannot extend the claim another process took over', async () => {
    const slow = createRedisDedupStore(await redis(), { prefix: 't11:', leaseMs: 100 });
    const other = createRedisDedupStore(await redis(), { prefix: 't11:', leaseMs: 60_000 });
    expect(await slow.claim('evt_1')).toBe('claimed');
    expect(await slow.renew('evt_1')).toBe(true);
    expect(await other.renew('evt_1')).toBe(false);
    await sleep(150);
    expect(await other.claim('evt_1')).toBe('claimed');
    expect(await slow.renew('evt_1')).toBe(false);
    expect(await pttl('t11:evt_1')).toBeGreaterThan(50_000);
  });

  it('Redis down: the receiver answers 503 with Retry-After and runs no handler', async () => {
    let calls = 0;
    const handler = createWebhookHandler({
      secret: SECRET,
      store: createRedisDedupStore(await redis(), { prefix: 't7:' }),
      on: { 'payment.received': () => void calls++ },
      onError: () => undefined,
    });
    const delivery = payment();
    expect((await handler(post(delivery))).status).toBe(200);
    await used.server.kill();
    const during = await handler(post(delivery));
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).not.toBeNull();
    expect(calls).toBe(1);
  });
});

describe('createRedisDedupStore refuses what cannot work', () => {
  it('a client that is not connected, or bad options', async () => {
    const { createClient } = await import('redis');
    expect(await captureError(async () => createRedisDedupStore(createClient({ url: used.server.url })))).toBeInstanceOf(
      ConfigurationError,
    );
    const client = await used.connect('ioredis');
    const error = await captureError(async () => createRedisDedupStore(client, { ttlMs: 0 }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toMatch(/ttlMs.*positive integer/);
  });
});

/** A node-redis look-alike that answers each script of the store by what it does; `sent` records them. */
function scriptedClient(answers: { claim?: string; renew?: number } = {}) {
  const sent: { script: string; keys: string[]; args: string[] }[] = [];
  const name = (source: string) =>
    source.includes("'claimed'")
      ? 'claim'
      : source.includes('PEXPIRE')
        ? 'renew'
        : source.includes("'DEL'")
          ? 'release'
          : 'complete';
  const client = {
    isOpen: true,
    isReady: true,
    evalSha: async () => {
      throw new Error('NOSCRIPT No matching script.');
    },
    eval: async (source: string, { keys, arguments: args }: { keys: string[]; arguments: string[] }) => {
      const script = name(source);
      sent.push({ script, keys, args });
      if (script === 'claim') return answers.claim ?? 'claimed';
      if (script === 'renew') return answers.renew ?? 1;
      return 'OK';
    },
  };
  return { client, sent };
}

describe('createRedisDedupStore acts only on the claims it holds', () => {
  it('completes, renews and releases with the value its claim wrote, with the lease and the ttl', async () => {
    const { client, sent } = scriptedClient();
    const store = createRedisDedupStore(client, { prefix: 'p:', leaseMs: 1_500, ttlMs: 9_000 });
    expect(await store.claim('evt_1')).toBe('claimed');
    expect(await store.renew('evt_1')).toBe(true);
    await store.complete('evt_1');
    const mine = sent[0]?.args[0];
    expect(mine).toMatch(/^claim:[0-9a-f-]{36}$/);
    expect(sent).toEqual([
      { script: 'claim', keys: ['p:evt_1'], args: [mine, '1500'] },
      { script: 'renew', keys: ['p:evt_1'], args: [mine, '1500'] },
      { script: 'complete', keys: ['p:evt_1'], args: [mine, '9000'] },
    ]);
    expect(await store.claim('evt_2')).toBe('claimed');
    await store.release('evt_2');
    expect(sent.at(-1)).toEqual({ script: 'release', keys: ['p:evt_2'], args: [sent.at(-2)?.args[0]] });
    expect(sent.at(-2)?.args[0]).not.toBe(mine); // every claim writes a value of its own
  });

  it('sends nothing for an id it did not claim, or no longer holds', async () => {
    for (const claim of ['in_progress', 'completed']) {
      const { client, sent } = scriptedClient({ claim });
      const store = createRedisDedupStore(client);
      expect(await store.claim('evt_1')).toBe(claim);
      expect(await store.renew('evt_1')).toBe(false);
      await store.complete('evt_1');
      await store.release('evt_1');
      expect(sent.map((s) => s.script)).toEqual(['claim']);
    }
    const { client, sent } = scriptedClient();
    const store = createRedisDedupStore(client);
    await store.complete('evt_never');
    await store.release('evt_never');
    expect(await store.renew('evt_never')).toBe(false);
    await store.claim('evt_1');
    await store.complete('evt_1');
    await store.complete('evt_1');
    await store.release('evt_1');
    expect(await store.renew('evt_1')).toBe(false);
    await store.claim('evt_2');
    await store.release('evt_2');
    await store.release('evt_2');
    await store.complete('evt_2');
    expect(sent.map((s) => s.script)).toEqual(['claim', 'complete', 'claim', 'release']);
  });

  it('forgets a claim whose renewal failed: the lease ran out and another process may hold the id', async () => {
    const { client, sent } = scriptedClient({ renew: 0 });
    const store = createRedisDedupStore(client);
    await store.claim('evt_1');
    expect(await store.renew('evt_1')).toBe(false);
    expect(await store.renew('evt_1')).toBe(false);
    await store.complete('evt_1');
    await store.release('evt_1');
    expect(sent.map((s) => s.script)).toEqual(['claim', 'renew']);
  });

  it('uses the default prefix, lease and retention when given none', async () => {
    const { client, sent } = scriptedClient();
    const store = createRedisDedupStore(client);
    expect([store.retentionMs, store.leaseMs]).toEqual([259_500_000, 300_000]);
    await store.claim('evt_1');
    await store.complete('evt_1');
    expect(sent.map((s) => [s.keys[0], s.args[1]])).toEqual([
      ['credit-platform:webhook:evt_1', '300000'],
      ['credit-platform:webhook:evt_1', '259500000'],
    ]);
  });
});
