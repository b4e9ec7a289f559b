// On a Redis Cluster a script may only touch keys of one hash slot (else CROSSSLOT). Every call
// the stores make names exactly one key, whatever the method and the prefix: recorded here on a
// client that answers like Redis would.
import { describe, expect, it } from 'vitest';
import { createRedisDedupStore, createRedisPacingStore, type NodeRedisClient } from '../../src/redis/index.js';

/** Answers NOSCRIPT to every EVALSHA, so each call arrives once more as EVAL with its source. */
function recordingClient(reply: (source: string) => unknown) {
  const calls: string[][] = [];
  const client: NodeRedisClient = {
    isOpen: true,
    isReady: true,
    evalSha: async () => {
      throw new Error('NOSCRIPT No matching script.');
    },
    eval: async (source, { keys }) => {
      calls.push(keys);
      return reply(source);
    },
  };
  return { client, calls };
}

describe('every Redis call of the stores names exactly one key', () => {
  it('the pacing store: acquire, peek, settle', async () => {
    const { client, calls } = recordingClient(() => [1, 0, 1]);
    const store = createRedisPacingStore(client, { prefix: 'app:{cp}:' });
    const limits = [
      { requests: 30, perMs: 60_000 },
      { requests: 1_000, perMs: 86_400_000 },
    ];
    const attempt = await store.acquire('k', limits);
    await store.peek('k', limits);
    if (attempt.granted) await store.settle('k', attempt.id);
    expect(calls).toEqual([['app:{cp}:pacing:k'], ['app:{cp}:pacing:k'], ['app:{cp}:pacing:k']]);
  });

  it('the dedup store: claim, renew, complete, release', async () => {
    const { client, calls } = recordingClient((source) => (source.includes('PEXPIRE') ? 1 : 'claimed'));
    const store = createRedisDedupStore(client);
    await store.claim('evt_1');
    await store.renew?.('evt_1');
    await store.complete('evt_1');
    await store.claim('evt_2');
    await store.release('evt_2');
    expect(calls.every((keys) => keys.length === 1)).toBe(true);
    expect(calls.map(([key]) => key)).toEqual([
      'credit-platform:webhook:evt_1',
      'credit-platform:webhook:evt_1',
      'credit-platform:webhook:evt_1',
      'credit-platform:webhook:evt_2',
      'credit-platform:webhook:evt_2',
    ]);
  });
});
