// Both stores on a real 3-node Redis Cluster, with both clients' cluster flavours: pacing shared
// between two clients, each event handled once by two receivers, keys spread over the nodes.
import { describe, expect, it } from 'vitest';
import { ConfigurationError, type PacingLimit } from '../../src/index.js';
import { createRedisDedupStore, createRedisPacingStore, type RedisClient } from '../../src/redis/index.js';
import { createSignedWebhookDelivery, createWebhookHandler } from '../../src/webhooks/index.js';
import { captureError } from '../helpers/capture.js';
import { type RedisClusterClientKind, useRedisCluster } from '../helpers/redis-cluster.js';

const SECRET = 'whsec_redis_cluster_test';
const used = useRedisCluster();
const LIMITS: PacingLimit[] = [{ requests: 5, perMs: 60_000 }];

function post(delivery: { body: string; headers: Record<string, string> }): Request {
  return new Request('https://receiver.test/webhooks', { method: 'POST', body: delivery.body, headers: delivery.headers });
}

/** How many keys each node holds. */
async function keysPerNode(): Promise<number[]> {
  return Promise.all(used.cluster.ports.map(async (port) => Number((await used.cluster.cli(port, 'dbsize')).trim())));
}

/**
 * A node-redis 5 cluster client as the stores see it: `isOpen` but no `isReady` (node-redis 6
 * added it). Everything else is the real cluster client's.
 */
function likeNodeRedis5Cluster(cluster: RedisClient): RedisClient {
  const real = cluster as unknown as Record<string, (...args: unknown[]) => unknown> & { isOpen: boolean };
  return {
    get isOpen() {
      return real.isOpen;
    },
    eval: (...args: unknown[]) => real.eval?.(...args),
    evalSha: (...args: unknown[]) => real.evalSha?.(...args),
    on: (...args: unknown[]) => real.on?.(...args),
    listenerCount: (...args: unknown[]) => real.listenerCount?.(...args),
  } as unknown as RedisClient;
}

type Variant = [string, RedisClusterClientKind, (client: RedisClient) => RedisClient];
const VARIANTS: Variant[] = [
  ['redis createCluster()', 'redis', (client) => client],
  ['redis createCluster() shaped as node-redis 5 (no isReady)', 'redis', likeNodeRedis5Cluster],
  ['ioredis Cluster', 'ioredis', (client) => client],
];

describe.each(VARIANTS)('on a 3-node Redis Cluster, %s', (_, kind, shape) => {
  const redis = async (): Promise<RedisClient> => shape(await used.connect(kind));

  it('two clients share one pacing budget, for several API keys on different nodes', async () => {
    const [a, b] = [createRedisPacingStore(await redis()), createRedisPacingStore(await redis())];
    const keys = Array.from({ length: 6 }, (_, i) => `key-hash-${i}`);
    for (const key of keys) {
      const attempts = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a : b).acquire(key, LIMITS)));
      expect(attempts.filter((attempt) => attempt.granted)).toHaveLength(5);
      expect((await a.peek(key, LIMITS)).used).toEqual([5]);
    }
    expect((await keysPerNode()).filter((n) => n > 0).length).toBeGreaterThan(1);
  });

  it('two receivers on two clients run each event once, the duplicates acknowledged or asked to retry', async () => {
    const runs = new Map<string, number>();
    const receiver = async () =>
      createWebhookHandler({
        secret: SECRET,
        store: createRedisDedupStore(await redis()),
        on: { 'payment.received': (event) => void runs.set(event.id, (runs.get(event.id) ?? 0) + 1) },
      });
    const [first, second] = [await receiver(), await receiver()];
    const deliveries = Array.from({ length: 12 }, (_, i) =>
      createSignedWebhookDelivery({ type: 'payment.received', data: { paymentId: `pay_${i}` }, secret: SECRET }),
    );
    const answers = await Promise.all(deliveries.flatMap((d) => [first(post(d)), second(post(d))]));
    expect(answers.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true);
    const retries = await Promise.all(deliveries.flatMap((d) => [first(post(d)), second(post(d))]));
    expect(retries.map((answer) => answer.status)).toEqual(retries.map(() => 200));
    expect([...runs.values()]).toEqual(deliveries.map(() => 1));
    expect((await keysPerNode()).filter((n) => n > 0).length).toBeGreaterThan(1);
  });
});

describe('cluster clients the stores cannot use are refused at construction', () => {
  it('a node-redis cluster that is not connected', async () => {
    const { createCluster } = await import('redis');
    const cluster = createCluster({ rootNodes: [{ url: `redis://127.0.0.1:${used.cluster.ports[0]}` }] });
    for (const create of [createRedisPacingStore, createRedisDedupStore]) {
      const error = await captureError(async () => create(cluster));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.message).toMatch(/not connected/);
    }
  });

  it('an ioredis Cluster made with lazyConnect and never connected', async () => {
    const { Cluster } = await import('ioredis');
    const cluster = new Cluster([{ host: '127.0.0.1', port: used.cluster.ports[0] as number }], { lazyConnect: true });
    for (const create of [createRedisPacingStore, createRedisDedupStore]) {
      const error = await captureError(async () => create(cluster));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.message).toMatch(/lazyConnect/);
    }
  });
});
