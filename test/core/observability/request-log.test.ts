import { afterEach, describe, expect, it } from 'vitest';
import { logAttempt } from '../../../src/core/observability/request-log.js';
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

describe('logAttempt, line by line', () => {
  const SECRET = 'sk_live_hidden_9';
  const record = {
    requestId: 'req-fixed-1',
    operation: 'accounts.me',
    method: 'GET',
    path: `/things/${SECRET}`,
    attempt: 2,
    status: 503 as number | undefined,
    elapsedMs: 12.6,
    secrets: [SECRET],
  };
  const capture = (levels: { debug?: boolean; warn?: boolean }) => {
    const out: { level: string; message: string; fields: Record<string, unknown> }[] = [];
    const at = (level: string) => (message: string, fields?: Record<string, unknown>) => {
      out.push({ level, message, fields: fields ?? {} });
    };
    const log = {
      debug: levels.debug ? at('debug') : undefined,
      info: undefined,
      warn: levels.warn ? at('warn') : undefined,
      error: undefined,
    };
    return { log, out };
  };
  const retry = {
    retry: true as const,
    waitMs: 1_499.6,
    source: 'retry-after' as const,
    serverWaitMs: 1_499.6,
    resetAt: undefined,
  };

  it('at debug: the attempt, its figures rounded, its wait and where the wait came from; the path never shows a secret', () => {
    const { log, out } = capture({ debug: true });
    logAttempt(log, record, retry);
    expect(out).toEqual([
      {
        level: 'debug',
        message: 'credit-platform: GET /things/[REDACTED] -> 503 (attempt 2, 13 ms); retrying in 1500 ms',
        fields: {
          requestId: 'req-fixed-1',
          operation: 'accounts.me',
          method: 'GET',
          path: '/things/[REDACTED]',
          status: 503,
          attempt: 2,
          elapsedMs: 13,
          waitMs: 1_500,
          waitSource: 'retry-after',
        },
      },
    ]);
  });

  it('a failure without a response is named; a decision not to retry gives its reason, redacted', () => {
    const { log, out } = capture({ debug: true });
    const refused = {
      retry: false as const,
      reason: `gave up on ${SECRET}`,
      gaveUp: false,
      serverWaitMs: undefined,
      resetAt: undefined,
    };
    logAttempt(log, { ...record, status: undefined, failure: 'ECONNRESET' }, refused);
    logAttempt(log, { ...record, status: undefined }, undefined);
    logAttempt(log, record, undefined);
    expect(out.map((l) => l.message)).toEqual([
      'credit-platform: GET /things/[REDACTED] -> ECONNRESET (attempt 2, 13 ms); not retried',
      'credit-platform: GET /things/[REDACTED] -> no response (attempt 2, 13 ms)',
      'credit-platform: GET /things/[REDACTED] -> 503 (attempt 2, 13 ms)',
    ]);
    expect(out[0]?.fields).toMatchObject({ failure: 'ECONNRESET', reason: 'gave up on [REDACTED]' });
    expect(out[0]?.fields).not.toHaveProperty('waitMs');
    expect(out[1]?.fields).not.toHaveProperty('failure');
    expect(out[2]?.fields).not.toHaveProperty('reason');
  });

  it('at warn: a wait the service imposed and a retry given up; not a backoff, a final status or a plain attempt', () => {
    const { log, out } = capture({ warn: true });
    const gaveUp = {
      retry: false as const,
      reason: `3 attempts made ${SECRET}`,
      gaveUp: true,
      serverWaitMs: undefined,
      resetAt: undefined,
    };
    logAttempt(log, record, retry);
    logAttempt(log, record, { ...retry, source: 'rate-limit-reset' });
    logAttempt(log, record, { ...retry, source: 'backoff' });
    logAttempt(log, record, { ...gaveUp, gaveUp: false });
    logAttempt(log, record, undefined);
    logAttempt(log, record, gaveUp);
    expect(out.map((l) => `${l.level} ${l.message}`)).toEqual([
      'warn credit-platform: GET /things/[REDACTED] -> 503: the service asks to wait 1500 ms (retry-after); waiting',
      'warn credit-platform: GET /things/[REDACTED] -> 503: the service asks to wait 1500 ms (rate-limit-reset); waiting',
      'warn credit-platform: GET /things/[REDACTED] -> 503: giving up, 3 attempts made [REDACTED]',
    ]);
    expect(out[0]?.fields).toMatchObject({ waitMs: 1_500, waitSource: 'retry-after', path: '/things/[REDACTED]' });
    expect(out[2]?.fields).toMatchObject({ reason: '3 attempts made [REDACTED]' });
  });

  it('writes nothing when debug and warn are both off', () => {
    const { log, out } = capture({});
    logAttempt(log, record, retry);
    expect(out).toEqual([]);
  });
});
