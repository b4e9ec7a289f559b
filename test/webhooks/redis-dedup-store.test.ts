// The Redis store from examples/ against a real redis-server (Debian's package; .ci/run installs
// it): two receivers sharing it run each event once, as two processes behind a load balancer would.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisDedupStore } from '../../examples/webhooks/redis-dedup-store.js';
import { createSignedWebhookDelivery, createWebhookHandler } from '../../src/webhooks/index.js';

type Redis = ReturnType<typeof createClient>;
const SECRET = 'whsec_redis_test';
let server: ChildProcess;
let dir: string;
let redis: Redis;
let port: number;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = probe.address() as { port: number };
      probe.close(() => resolve(p));
    });
  });
}

async function connect(): Promise<Redis> {
  for (let attempt = 0; ; attempt++) {
    try {
      return (await createClient({ url: `redis://127.0.0.1:${port}` }).connect()) as Redis;
    } catch (error) {
      if (attempt > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

beforeAll(async () => {
  port = await freePort();
  dir = mkdtempSync(join(tmpdir(), 'cp-redis-'));
  server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  redis = await connect();
});

afterAll(async () => {
  await redis?.quit();
  server?.kill();
  rmSync(dir, { recursive: true, force: true });
});

function post(delivery: { body: string; headers: Record<string, string> }): Request {
  return new Request('https://receiver.test/webhooks', { method: 'POST', body: delivery.body, headers: delivery.headers });
}

describe('createRedisDedupStore with a real Redis', () => {
  it('claims atomically: of concurrent claims of one id, exactly one wins', async () => {
    const a = createRedisDedupStore(redis, { prefix: 't1:' });
    const b = createRedisDedupStore(await connect(), { prefix: 't1:' });
    const results = await Promise.all([a.claim('evt_x'), b.claim('evt_x'), a.claim('evt_x'), b.claim('evt_x')]);
    expect(results.filter((r) => r === 'claimed')).toHaveLength(1);
    expect(results.filter((r) => r === 'in_progress')).toHaveLength(3);
  });

  it('two receivers sharing the store run each event once, and acknowledge the duplicate', async () => {
    const runs: string[] = [];
    const receiver = () =>
      createWebhookHandler({
        secret: SECRET,
        store: createRedisDedupStore(redis, { prefix: 't2:' }),
        on: { 'deposit.created': async (event) => void runs.push(event.id) },
      });
    const [first, second] = [receiver(), receiver()];
    const delivery = createSignedWebhookDelivery({
      type: 'deposit.created',
      data: { depositId: 'dep_1', token: 'USDC', amount: '10.00', transactionHash: `0x${'ab'.repeat(32)}` },
      secret: SECRET,
    });
    const one = await first(post(delivery));
    const two = await second(post(delivery)); // the service's retry, landing on the other process
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(runs).toEqual([delivery.event.id]);
  });

  it('a failed handler releases its claim, so the retry on another process runs it', async () => {
    let calls = 0;
    const receiver = (fail: boolean) =>
      createWebhookHandler({
        secret: SECRET,
        store: createRedisDedupStore(redis, { prefix: 't3:' }),
        on: {
          'payment.received': async () => {
            calls++;
            if (fail) throw new Error('database down');
          },
        },
        onError: () => undefined,
      });
    const delivery = createSignedWebhookDelivery({ type: 'payment.received', data: { paymentId: 'pay_1' }, secret: SECRET });
    expect((await receiver(true)(post(delivery))).status).toBe(500);
    expect((await receiver(false)(post(delivery))).status).toBe(200);
    expect(calls).toBe(2);
  });

  it('a completed id expires after its ttl, and a lease frees an id whose handler never finished', async () => {
    const store = createRedisDedupStore(redis, { prefix: 't4:', ttlMs: 200, leaseMs: 200 });
    expect(await store.claim('evt_done')).toBe('claimed');
    await store.complete('evt_done');
    expect(await store.claim('evt_done')).toBe('completed');
    expect(await store.claim('evt_stuck')).toBe('claimed');
    expect(await store.claim('evt_stuck')).toBe('in_progress');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await store.claim('evt_done')).toBe('claimed');
    expect(await store.claim('evt_stuck')).toBe('claimed');
  });

  it('a process whose lease ran out cannot complete or release the claim another process took over', async () => {
    const slow = createRedisDedupStore(redis, { prefix: 't5:', leaseMs: 100 });
    const other = createRedisDedupStore(redis, { prefix: 't5:' });
    expect(await slow.claim('evt_1')).toBe('claimed');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await other.claim('evt_1')).toBe('claimed');
    await slow.release('evt_1');
    await slow.complete('evt_1');
    expect(await redis.get('t5:evt_1')).toMatch(/^claim:/);
    await other.complete('evt_1');
    expect(await redis.get('t5:evt_1')).toBe('done');
  });
});
