import { afterEach, describe, expect, it } from 'vitest';
import { BACKOFF } from '../../../src/core/retry-policy.js';
import type { Logger } from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { API_KEY, client, fail, http, ok, url, useMswServer } from '../../helpers/msw.js';

const server = useMswServer();

interface Line {
  level: string;
  message: string;
  fields: Record<string, unknown> | undefined;
}

function recordingLogger(): { logger: Logger; lines: Line[] } {
  const lines: Line[] = [];
  const at = (level: string) => (message: string, fields?: Record<string, unknown>) => lines.push({ level, message, fields });
  return { logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }, lines };
}

const saved = { ...BACKOFF };
afterEach(() => {
  Object.assign(BACKOFF, saved);
});

describe('logging', () => {
  it('at debug: one line per attempt with operation, method, path, status, attempt, elapsed and the wait', async () => {
    Object.assign(BACKOFF, { baseMs: 2, maxMs: 4 });
    let n = 0;
    server.use(http.get(url('accounts/me'), () => (++n === 1 ? fail(500, 'boom') : ok({ id: 'acc_1' }))));
    const { logger, lines } = recordingLogger();
    await client({ logger, logLevel: 'debug' }).accounts.me();
    const debug = lines.filter((l) => l.level === 'debug');
    expect(debug).toHaveLength(2);
    expect(debug[0]?.fields).toMatchObject({
      operation: 'accounts.me',
      method: 'GET',
      path: '/accounts/me',
      status: 500,
      attempt: 1,
      waitSource: 'backoff',
    });
    expect(typeof debug[0]?.fields?.elapsedMs).toBe('number');
    expect(typeof debug[0]?.fields?.waitMs).toBe('number');
    expect(debug[0]?.message).toMatch(/GET \/accounts\/me -> 500 \(attempt 1, \d+ ms\); retrying in \d+ ms/);
    expect(debug[1]?.fields).toMatchObject({ status: 200, attempt: 2 });
    // A backoff retry is not a warning; nothing was given up.
    expect(lines.filter((l) => l.level === 'warn')).toEqual([]);
  });

  it('at warn: a rate-limit wait and a retry given up, and nothing at debug', async () => {
    server.use(http.get(url('accounts/me'), () => fail(429, 'slow', [], { 'retry-after': '1', 'x-ratelimit-remaining': '0' })));
    const { logger, lines } = recordingLogger();
    const started = Date.now();
    const error = await captureError(client({ logger, logLevel: 'warn', maxRetries: 1 }).accounts.me());
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(error.name).toBe('RateLimitError');
    expect(lines.map((l) => l.level)).toEqual(['warn', 'warn']);
    expect(lines[0]?.message).toMatch(/the service asks to wait 1000 ms \(retry-after\); waiting/);
    expect(lines[1]?.message).toMatch(/giving up, 2 attempts made/);
    expect(lines.some((l) => JSON.stringify(l).includes(API_KEY))).toBe(false);
  });

  it('a final status (404) is not a warning; off writes nothing', async () => {
    server.use(http.get(url('accounts/me'), () => fail(404, 'gone')));
    const quiet = recordingLogger();
    await captureError(client({ logger: quiet.logger, logLevel: 'warn' }).accounts.me());
    expect(quiet.lines).toEqual([]);
    const off = recordingLogger();
    await captureError(client({ logger: off.logger, logLevel: 'off' }).accounts.me());
    expect(off.lines).toEqual([]);
  });

  it('CREDIT_PLATFORM_LOG sets the level when logLevel is not given', async () => {
    server.use(http.get(url('accounts/me'), () => ok({ id: 'a' })));
    const previous = process.env.CREDIT_PLATFORM_LOG;
    process.env.CREDIT_PLATFORM_LOG = 'debug';
    try {
      const { logger, lines } = recordingLogger();
      await client({ logger }).accounts.me();
      expect(lines.map((l) => l.level)).toEqual(['debug']);
    } finally {
      if (previous === undefined) delete process.env.CREDIT_PLATFORM_LOG;
      else process.env.CREDIT_PLATFORM_LOG = previous;
    }
  });
});
