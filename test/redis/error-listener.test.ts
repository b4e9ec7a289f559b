// The 'error' listener the Redis stores give a client that has none, on an EventEmitter standing
// in for the client: when it is added, what one outage logs, and that no credential of a URL in
// an error reaches the log. outage.test.ts plays the same against a real redis-server.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, type Logger } from '../../src/index.js';
import { listenForErrors, storeLogger } from '../../src/redis/error-listener.js';

interface Line {
  readonly level: 'info' | 'warn';
  readonly message: string;
  readonly fields?: Record<string, unknown>;
}

function recorder(): Logger & { lines: Line[] } {
  const lines: Line[] = [];
  const log = (level: Line['level']) => (message: string, fields?: Record<string, unknown>) =>
    void lines.push(fields === undefined ? { level, message } : { level, message, fields });
  return { lines, debug: () => undefined, info: log('info'), warn: log('warn'), error: () => undefined };
}

/** What the warning of one outage says of `error`. */
function warned(error: unknown): unknown {
  const client = new EventEmitter();
  const logger = recorder();
  listenForErrors(client, logger);
  client.emit('error', error);
  expect(logger.lines).toHaveLength(1);
  return logger.lines[0]?.fields?.error;
}

describe('listenForErrors', () => {
  it('adds one error listener and one ready listener to a client with no error listener', () => {
    const client = new EventEmitter();
    listenForErrors(client, recorder());
    expect([client.listenerCount('error'), client.listenerCount('ready')]).toEqual([1, 1]);
    listenForErrors(client, recorder()); // the second store on the same client
    expect([client.listenerCount('error'), client.listenerCount('ready')]).toEqual([1, 1]);
  });

  it('leaves a client alone that has an error listener already, and logs nothing of its errors', () => {
    const client = new EventEmitter();
    client.on('error', () => undefined);
    const logger = recorder();
    listenForErrors(client, logger);
    client.emit('error', new Error('connect ECONNREFUSED'));
    client.emit('ready');
    expect(client.listenerCount('error')).toBe(1);
    expect(logger.lines).toEqual([]);
  });

  it('takes anything that is not an emitter as it is', () => {
    for (const client of [
      null,
      undefined,
      {},
      { on: () => undefined },
      { listenerCount: () => 0 },
      { on: 'on', listenerCount: () => 0 },
    ]) {
      expect(() => listenForErrors(client, recorder()), JSON.stringify(client)).not.toThrow();
    }
  });

  it('logs one warn per outage, with the error, and one info when the client is ready again', () => {
    const client = new EventEmitter();
    const logger = recorder();
    listenForErrors(client, logger);
    client.emit('ready'); // the first connection: no outage to end
    client.emit('error', new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    client.emit('error', new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    client.emit('ready');
    client.emit('ready');
    client.emit('error', new Error('Socket closed unexpectedly'));
    expect(logger.lines).toEqual([
      {
        level: 'warn',
        message: expect.stringMatching(/^credit-platform: the Redis connection is down/),
        fields: { error: 'connect ECONNREFUSED 127.0.0.1:6379' },
      },
      { level: 'info', message: 'credit-platform: the Redis connection is back.' },
      {
        level: 'warn',
        message: expect.stringMatching(/^credit-platform: the Redis connection is down/),
        fields: { error: 'Socket closed unexpectedly' },
      },
    ]);
  });

  it('names an error without a message by its name, and logs anything else thrown as text', () => {
    const unnamed = new Error('');
    unnamed.name = 'ConnectionTimeoutError';
    expect(warned(unnamed)).toBe('ConnectionTimeoutError');
    expect(warned('ECONNRESET')).toBe('ECONNRESET');
    expect(warned(42)).toBe('42');
    expect(warned(undefined)).toBe('undefined');
  });

  it('keeps the scheme and host of every URL in the error and drops its user and password', () => {
    const cases: [string, string][] = [
      ['cannot reach redis://default:s3cr3t@10.0.0.7:6380/0', 'cannot reach redis://***@10.0.0.7:6380/0'],
      ['REDISS://User:PW@cache.internal', 'REDISS://***@cache.internal'],
      ['redis+sentinel://u:p@a:1 and rediss://:only-password@b:2', 'redis+sentinel://***@a:1 and rediss://***@b:2'],
      ['x-redis.v2://token@h', 'x-redis.v2://***@h'],
      ['redis://no-credentials.example:6379/1', 'redis://no-credentials.example:6379/1'],
      // A password with an unencoded `/`, `?`, `#` or `@`: the URL is malformed, and its error quotes it.
      ['Invalid URL: redis://default:pa/ss?w#o@rd@10.0.0.7:6380', 'Invalid URL: redis://***@10.0.0.7:6380'],
      ['redis://u:p@a (and) rediss://u:p/q@b', 'redis://***@a (and) rediss://***@b'],
      // An `@` in a path or query hides the host as well: a detail lost, never a secret kept.
      ['redis://host/path?user=a@b', 'redis://***@b'],
      ['at the end: redis://', 'at the end: redis://'],
    ];
    for (const [message, logged] of cases) expect(warned(new Error(message)), message).toBe(logged);
  });
});

describe('storeLogger', () => {
  it('is console when none is given, and the one given when it has warn and info', () => {
    expect(storeLogger(undefined, 'fn')).toBe(console);
    const logger = recorder();
    expect(storeLogger(logger, 'fn')).toBe(logger);
    const minimal = { warn: () => undefined, info: () => undefined } as unknown as Logger;
    expect(storeLogger(minimal, 'fn')).toBe(minimal);
  });

  it('refuses one without a warn or an info function, naming the option and the store', () => {
    for (const logger of [
      null,
      {},
      { warn: () => undefined },
      { info: () => undefined },
      { warn: 'warn', info: () => undefined },
    ]) {
      const error = (() => {
        try {
          storeLogger(logger as unknown as Logger, 'createRedisPacingStore');
        } catch (thrown) {
          return thrown as ConfigurationError;
        }
      })();
      expect(error, JSON.stringify(logger)).toBeInstanceOf(ConfigurationError);
      expect(error?.option).toBe('logger');
      expect(error?.message).toMatch(/^createRedisPacingStore: `logger` must have `warn` and `info`/);
    }
  });
});

describe('the credential mask on a long message', () => {
  it('reads a message of many URLs once: 100,000 of them without credentials, then one with', () => {
    const many = 'redis://h '.repeat(100_000);
    const client = new EventEmitter();
    const logger = recorder();
    listenForErrors(client, logger);
    client.emit('error', new Error(`${many}redis://u:secret@h`));
    expect(logger.lines[0]?.fields).toEqual({ error: `${many}redis://***@h` });
  });
});
