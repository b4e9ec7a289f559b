// The one call the Redis stores make, on look-alikes of both clients: which objects are taken
// for which client, what each is sent, the NOSCRIPT fallback, failing fast while not ready, and
// the command timeout. The stores against a real redis-server are in the other files here.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../src/index.js';
import { createRedisDedupStore, createRedisPacingStore } from '../../src/redis/index.js';
import { connect, positiveInteger, script } from '../../src/redis/redis-client.js';
import { captureError } from '../helpers/capture.js';

const SCRIPT = script("return redis.call('GET', KEYS[1])");
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

interface Sent {
  readonly method: string;
  readonly args: unknown[];
}

/** A node-redis look-alike whose calls answer `answer(method)`; `sent` records them. */
function nodeRedis(answer: (method: string) => Promise<unknown> = async () => 'OK', state = { isOpen: true, isReady: true }) {
  const sent: Sent[] = [];
  const client = {
    ...state,
    evalSha: (...args: unknown[]) => {
      sent.push({ method: 'evalSha', args });
      return answer('evalSha');
    },
    eval: (...args: unknown[]) => {
      sent.push({ method: 'eval', args });
      return answer('eval');
    },
  };
  return { client, sent };
}

/** An ioredis look-alike in `status`. */
function ioredis(answer: (method: string) => Promise<unknown> = async () => 'OK', status = 'ready') {
  const sent: Sent[] = [];
  const client = {
    status,
    evalsha: (...args: unknown[]) => {
      sent.push({ method: 'evalsha', args });
      return answer('evalsha');
    },
    eval: (...args: unknown[]) => {
      sent.push({ method: 'eval', args });
      return answer('eval');
    },
  };
  return { client, sent };
}

const noscript = (method: string) =>
  method.toLowerCase() === 'evalsha' ? Promise.reject(new Error('NOSCRIPT No matching script.')) : Promise.resolve('ran');

afterEach(() => {
  vi.useRealTimers();
});

describe('script', () => {
  it('carries its source and the SHA-1 Redis caches it by', () => {
    expect(SCRIPT).toEqual({ source: "return redis.call('GET', KEYS[1])", sha1: sha1("return redis.call('GET', KEYS[1])") });
  });
});

describe('connect: which clients it takes', () => {
  it('takes a node-redis client only with isOpen (a boolean), eval and evalSha', () => {
    const { client } = nodeRedis();
    expect(connect(client, 'fn', 1_000)).toBeTypeOf('function');
    for (const broken of [
      { ...client, isOpen: 'yes' },
      { ...client, isOpen: undefined },
      { ...client, eval: undefined },
      { ...client, evalSha: undefined },
      { ...client, evalSha: 'evalSha' },
    ]) {
      const error = (() => {
        try {
          connect(broken, 'createRedisPacingStore', 1_000);
        } catch (thrown) {
          return thrown;
        }
      })();
      expect(error, JSON.stringify(Object.keys(broken))).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).message).toMatch(/^createRedisPacingStore takes a connected client of `redis`/);
    }
  });

  it('takes an ioredis client only with status (a string), eval and evalsha', () => {
    const { client } = ioredis();
    expect(connect(client, 'fn', 1_000)).toBeTypeOf('function');
    for (const broken of [
      { ...client, status: 1 },
      { ...client, eval: undefined },
      { ...client, evalsha: undefined },
      { ...client, evalsha: 'evalsha' },
    ]) {
      expect(() => connect(broken, 'fn', 1_000)).toThrow(/takes a connected client of `redis`.*or of `ioredis`/);
    }
  });

  it('refuses a node-redis client that is not open, naming the fix', () => {
    const { client } = nodeRedis(undefined, { isOpen: false, isReady: false });
    expect(() => connect(client, 'createRedisDedupStore', 1_000)).toThrow(
      new ConfigurationError(
        'redis',
        'createRedisDedupStore: the `redis` client is not connected; pass `await createClient(...).connect()`.',
      ),
    );
  });

  it("refuses an ioredis client in 'wait' or 'end', and takes one that is connecting or reconnecting", () => {
    for (const status of ['wait', 'end']) {
      expect(() => connect(ioredis(undefined, status).client, 'fn', 1_000)).toThrow(
        new RegExp(`not connected \\(status "${status}"\\)`),
      );
    }
    for (const status of ['connecting', 'connect', 'reconnecting', 'ready', 'close']) {
      expect(connect(ioredis(undefined, status).client, 'fn', 1_000)).toBeTypeOf('function');
    }
  });
});

describe('connect: what it sends', () => {
  it('node-redis: EVALSHA with the keys and arguments, and only that while the script is cached', async () => {
    const { client, sent } = nodeRedis(async () => 'held');
    const run = connect(client, 'fn', 1_000);
    expect(await run(SCRIPT, ['k1'], ['a', 'b'])).toBe('held');
    expect(sent).toEqual([{ method: 'evalSha', args: [SCRIPT.sha1, { keys: ['k1'], arguments: ['a', 'b'] }] }]);
  });

  it('ioredis: EVALSHA with the number of keys, then the keys, then the arguments', async () => {
    const { client, sent } = ioredis(async () => 'held');
    const run = connect(client, 'fn', 1_000);
    expect(await run(SCRIPT, ['k1', 'k2'], ['a'])).toBe('held');
    expect(sent).toEqual([{ method: 'evalsha', args: [SCRIPT.sha1, 2, 'k1', 'k2', 'a'] }]);
  });

  it('sends the source with EVAL when Redis does not have the script (NOSCRIPT), on both clients', async () => {
    const node = nodeRedis(noscript);
    expect(await connect(node.client, 'fn', 1_000)(SCRIPT, ['k'], ['a'])).toBe('ran');
    expect(node.sent).toEqual([
      { method: 'evalSha', args: [SCRIPT.sha1, { keys: ['k'], arguments: ['a'] }] },
      { method: 'eval', args: [SCRIPT.source, { keys: ['k'], arguments: ['a'] }] },
    ]);
    const io = ioredis(noscript);
    expect(await connect(io.client, 'fn', 1_000)(SCRIPT, ['k'], ['a'])).toBe('ran');
    expect(io.sent).toEqual([
      { method: 'evalsha', args: [SCRIPT.sha1, 1, 'k', 'a'] },
      { method: 'eval', args: [SCRIPT.source, 1, 'k', 'a'] },
    ]);
  });

  it('passes any other failure on as it is, and sends nothing more', async () => {
    for (const failure of [
      new Error('WRONGTYPE Operation against a key holding the wrong kind of value'),
      new Error('ERR NOSCRIPT is not at the start'),
      'NOSCRIPT as a string, not an Error',
    ]) {
      const { client, sent } = nodeRedis(() => Promise.reject(failure));
      expect(await connect(client, 'fn', 1_000)(SCRIPT, ['k'], []).catch((error: unknown) => error)).toBe(failure);
      expect(sent.map((s) => s.method)).toEqual(['evalSha']);
    }
  });
});

describe('connect: failing fast', () => {
  const notReady = /^The Redis client is not ready \(disconnected or reconnecting\)\.$/;

  it('node-redis: sends nothing while isReady is false, and goes by isOpen when there is no isReady (a cluster)', async () => {
    const reconnecting = nodeRedis(undefined, { isOpen: true, isReady: false });
    const run = connect(reconnecting.client, 'fn', 1_000);
    expect((await captureError(run(SCRIPT, ['k'], []))).message).toMatch(notReady);
    expect(reconnecting.sent).toEqual([]);

    const cluster = { ...nodeRedis().client, isReady: undefined };
    const runCluster = connect(cluster, 'fn', 1_000);
    expect(await runCluster(SCRIPT, ['k'], [])).toBe('OK');
    cluster.isOpen = false;
    expect((await captureError(runCluster(SCRIPT, ['k'], []))).message).toMatch(notReady);
  });

  it('node-redis: follows isReady as it changes, and isOpen alone does not make a client with isReady ready', async () => {
    const { client, sent } = nodeRedis();
    const run = connect(client, 'fn', 1_000);
    client.isReady = false;
    expect((await captureError(run(SCRIPT, ['k'], []))).message).toMatch(notReady);
    client.isReady = true;
    expect(await run(SCRIPT, ['k'], [])).toBe('OK');
    expect(sent).toHaveLength(1);
  });

  it("ioredis: sends only while the status is 'ready'", async () => {
    const { client, sent } = ioredis(undefined, 'reconnecting');
    const run = connect(client, 'fn', 1_000);
    for (const status of ['reconnecting', 'connecting', 'close', 'end']) {
      client.status = status;
      expect((await captureError(run(SCRIPT, ['k'], []))).message).toMatch(notReady);
    }
    expect(sent).toEqual([]);
    client.status = 'ready';
    expect(await run(SCRIPT, ['k'], [])).toBe('OK');
  });
});

describe('connect: the command timeout', () => {
  const never = () => new Promise<never>(() => undefined);

  it('rejects a call Redis does not answer within commandTimeoutMs, and not before', async () => {
    vi.useFakeTimers();
    const run = connect(nodeRedis(never).client, 'fn', 250);
    const outcome = run(SCRIPT, ['k'], []).then(
      () => 'answered',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(249);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('Redis did not answer within 250 ms.');
  });

  it('bounds the EVAL that follows a NOSCRIPT as well', async () => {
    vi.useFakeTimers();
    const run = connect(
      nodeRedis((method) => (method === 'evalSha' ? Promise.reject(new Error('NOSCRIPT')) : never())).client,
      'fn',
      100,
    );
    const outcome = run(SCRIPT, ['k'], []).catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(100);
    expect(await outcome).toBe('Redis did not answer within 100 ms.');
  });

  it('leaves no timer behind once Redis answered or failed', async () => {
    vi.useFakeTimers();
    const answered = connect(nodeRedis().client, 'fn', 60_000);
    await answered(SCRIPT, ['k'], []);
    const failed = connect(nodeRedis(() => Promise.reject(new Error('ERR'))).client, 'fn', 60_000);
    await failed(SCRIPT, ['k'], []).catch(() => undefined);
    const retried = connect(nodeRedis(noscript).client, 'fn', 60_000);
    await retried(SCRIPT, ['k'], []);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('positiveInteger', () => {
  it('takes the fallback for undefined, and every safe integer from 1', () => {
    expect(positiveInteger(undefined, 1_000, 'commandTimeoutMs', 'fn')).toBe(1_000);
    for (const value of [1, 2, 1_000, Number.MAX_SAFE_INTEGER]) {
      expect(positiveInteger(value, 1_000, 'commandTimeoutMs', 'fn')).toBe(value);
    }
  });

  it('refuses 0, negatives, fractions, NaN, Infinity and unsafe integers, naming the option and the value', () => {
    for (const value of [0, -1, 0.5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      const error = (() => {
        try {
          positiveInteger(value, 1_000, 'leaseMs', 'createRedisDedupStore');
        } catch (thrown) {
          return thrown as ConfigurationError;
        }
      })();
      expect(error, String(value)).toBeInstanceOf(ConfigurationError);
      expect(error?.option).toBe('leaseMs');
      expect(error?.message).toBe(
        `createRedisDedupStore: \`leaseMs\` must be a positive integer of milliseconds; got ${String(value)}.`,
      );
    }
  });

  it('is how both stores check their millisecond options', () => {
    const { client } = nodeRedis();
    expect(() => createRedisPacingStore(client, { commandTimeoutMs: 0 })).toThrow(/`commandTimeoutMs` must be a positive/);
    expect(() => createRedisDedupStore(client, { commandTimeoutMs: 1.5 })).toThrow(/`commandTimeoutMs` must be a positive/);
    expect(() => createRedisDedupStore(client, { leaseMs: -1 })).toThrow(/`leaseMs` must be a positive/);
    expect(() => createRedisDedupStore(client, { ttlMs: Number.NaN })).toThrow(/`ttlMs` must be a positive/);
  });
});
