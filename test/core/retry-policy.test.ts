import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { InternalServerError, RateLimitError } from '../../src/index.js';
import { backoffMs, decideRetry } from '../../src/core/retry-policy.js';
import { loadKy } from '../../src/core/transport/load-ky.js';
import { captureError } from '../helpers/capture.js';
import { runFor, timedAnswers } from '../helpers/fake-time.js';
import { client, fail, http, ok, url, useMswServer } from '../helpers/msw.js';

const server = useMswServer();
afterEach(() => {
  vi.useRealTimers();
});
// The client loads ky on the first request. Loaded here, before any test
// fakes the clock: a load slower than the fake time a test advances would leave that test's
// first retry wait on a clock nobody moves (it did, run alone on a cold cache).
beforeAll(async () => {
  await loadKy();
});

type Method = 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH';

/** Answers `status` to every request and counts them. */
function failing(method: Method, status: number, headers: Record<string, string> = {}): { count: () => number } {
  let calls = 0;
  const handler = http[method.toLowerCase() as 'get'](url('things/1'), () => {
    calls++;
    return fail(status, `status ${status}`, [], headers);
  });
  server.use(handler);
  return { count: () => calls };
}

const fast = { maxRetries: 2 };

// The matrix runs on fake timers: the backoff between attempts (250 + 500 ms with random() = 0)
// passes in fake time, so the matrix checks attempt counts without sleeping for real. The
// waits themselves are tested below.
async function onFakeTime<T>(work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const result = work();
  await runFor(2_000);
  return result;
}

describe('retry matrix', () => {
  const retried: [Method, number][] = [];
  const notRetried: [Method, number][] = [];
  for (const method of ['GET', 'PUT', 'DELETE'] as Method[]) {
    for (const status of [408, 500, 502, 503, 504]) retried.push([method, status]);
    for (const status of [400, 401, 403, 404, 409, 422]) notRetried.push([method, status]);
  }
  for (const method of ['POST', 'PATCH'] as Method[]) {
    for (const status of [408, 429, 500, 502, 503, 504, 400, 422]) notRetried.push([method, status]);
  }

  it.each(retried)('%s answered %i is retried maxRetries times', async (method, status) => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const server = failing(method, status);
    const error = await onFakeTime(() =>
      captureError(client(fast).request(method, 'things/1', { maxRetries: 2, timeout: 5_000 })),
    );
    expect((error as InternalServerError).status).toBe(status);
    expect(server.count()).toBe(3);
  });

  it.each(notRetried)('%s answered %i is sent once', async (method, status) => {
    const server = failing(method, status);
    await captureError(client(fast).request(method, 'things/1'));
    expect(server.count()).toBe(1);
  });

  it('POST is not re-sent after a 503, even with retries left', async () => {
    const counter = failing('POST', 503);
    const error = await captureError(client({ maxRetries: 5 }).request('POST', 'things/1', { body: { a: 1 } }));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(counter.count()).toBe(1);
  });

  it('maxRetries: 0 sends exactly once', async () => {
    const counter = failing('GET', 500);
    await captureError(client({ maxRetries: 0 }).request('GET', 'things/1'));
    expect(counter.count()).toBe(1);
  });

  it('a retry that succeeds returns the data', async () => {
    let calls = 0;
    vi.spyOn(Math, 'random').mockReturnValue(0);
    server.use(http.get(url('accounts/me'), () => (++calls < 3 ? fail(503, 'busy') : ok({ id: 'acc_ok' }))));
    expect((await onFakeTime(() => Promise.resolve(client().accounts.me()))).id).toBe('acc_ok');
    expect(calls).toBe(3);
  });
});

const timed = (path: string, answer: (n: number) => Response) => timedAnswers(server, path, answer);

describe('waits', () => {
  it('a 429 waits until X-RateLimit-Reset before retrying', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const reset = String(Date.parse('2026-01-01T00:00:10Z') / 1000);
    const times = timed('accounts/me', (n) =>
      n === 1 ? fail(429, 'slow down', [], { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }) : ok({ id: 'acc_1' }),
    );
    const pending = client().accounts.me();
    await runFor(11_000);
    expect((await pending).id).toBe('acc_1');
    expect(times).toHaveLength(2);
    expect(times[1]! - Date.parse('2026-01-01T00:00:00Z')).toBeGreaterThanOrEqual(10_000);
    expect(times[1]! - times[0]!).toBeLessThan(10_100);
  });

  it('a 429 whose wait exceeds maxRateLimitWait throws the RateLimitError at once instead of sleeping', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const counter = failing('GET', 429, {
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Date.parse('2026-01-01T00:05:00Z') / 1000),
    });
    const error = await captureError(client({ maxRateLimitWait: 60_000 }).request('GET', 'things/1'));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).reset.toISOString()).toBe('2026-01-01T00:05:00.000Z');
    expect(counter.count()).toBe(1);
    expect(Date.now()).toBe(Date.parse('2026-01-01T00:00:00Z'));
  });

  it('5xx retries back off exponentially with jitter', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const times = timed('things/1', () => fail(500, 'down'));
    const pending = captureError(client({ maxRetries: 2 }).request('GET', 'things/1'));
    await runFor(2_000);
    await pending;
    expect(times).toHaveLength(3);
    const [first, second] = [times[1]! - times[0]!, times[2]! - times[1]!];
    expect(first).toBeGreaterThanOrEqual(500); // random() = 1: the top of the first window, 250..500 ms
    expect(first).toBeLessThan(600);
    expect(second).toBeGreaterThanOrEqual(1_000); // then 500..1 000 ms
    expect(second).toBeLessThan(1_100);
  });
});

describe('retry policy (pure)', () => {
  it('backoff doubles per retry, keeps half fixed, and is capped at 8 s', () => {
    expect(backoffMs(1, () => 0)).toBe(250);
    expect(backoffMs(1, () => 1)).toBe(500);
    expect(backoffMs(2, () => 0)).toBe(500);
    expect(backoffMs(3, () => 1)).toBe(2_000);
    expect(backoffMs(10, () => 1)).toBe(8_000);
  });

  it('never re-sends a write after a response or a timeout, but does after a refused connection', () => {
    const base = { attempt: 1, maxRetries: 2, maxRateLimitWait: 60_000, remainingMs: undefined, now: 0, random: () => 0 };
    const status = { kind: 'status' as const, status: 503, headers: new Headers({ 'retry-after': '1' }) };
    expect(decideRetry({ ...base, method: 'POST', outcome: status }).retry).toBe(false);
    expect(decideRetry({ ...base, method: 'PATCH', outcome: { kind: 'timeout' } }).retry).toBe(false);
    expect(decideRetry({ ...base, method: 'POST', outcome: { kind: 'connection', reachedServer: true } }).retry).toBe(false);
    expect(decideRetry({ ...base, method: 'POST', outcome: { kind: 'connection', reachedServer: false } })).toMatchObject({
      retry: true,
      source: 'backoff',
    });
    expect(decideRetry({ ...base, method: 'GET', outcome: status })).toMatchObject({
      retry: true,
      waitMs: 1000,
      source: 'retry-after',
    });
  });
});

describe('retry policy: which failures are retried, and the waits at their edges', () => {
  const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
  const decide = (over: Partial<Parameters<typeof decideRetry>[0]> = {}) =>
    decideRetry({
      attempt: 1,
      maxRetries: 2,
      method: 'GET',
      outcome: { kind: 'status', status: 503, headers: new Headers() },
      maxRateLimitWait: 60_000,
      remainingMs: undefined,
      now: NOW,
      random: () => 0,
      ...over,
    });
  const status = (code: number, headers: Record<string, string> = {}) => ({
    kind: 'status' as const,
    status: code,
    headers: new Headers(headers),
  });

  it('an idempotent call is retried after 408, 429 and every 5xx, and after no other status', () => {
    for (let code = 100; code <= 999; code++) {
      const expected = code === 408 || code === 429 || (code >= 500 && code <= 599);
      expect(decide({ outcome: status(code) }).retry, `status ${code}`).toBe(expected);
    }
  });

  it('a write that got an answer or timed out says which in its reason (the debug line shows it)', () => {
    expect(decide({ method: 'POST', outcome: { kind: 'timeout' } })).toMatchObject({
      retry: false,
      gaveUp: false,
      reason: 'POST got no answer in time; a write is never re-sent',
    });
    expect(decide({ method: 'PATCH', outcome: status(502) })).toMatchObject({
      retry: false,
      reason: 'PATCH got a 502; a write is never re-sent',
    });
  });

  it('only a 429 or a 503 is a wait the service asked for: other statuses back off whatever they send', () => {
    const retryAfter = { 'retry-after': '5' };
    for (const code of [408, 500, 502, 504]) {
      expect(decide({ outcome: status(code, retryAfter) }), `status ${code}`).toMatchObject({
        retry: true,
        source: 'backoff',
        waitMs: 250,
        serverWaitMs: undefined,
        resetAt: undefined,
      });
    }
    for (const code of [429, 503]) {
      expect(decide({ outcome: status(code, retryAfter) }), `status ${code}`).toMatchObject({
        retry: true,
        source: 'retry-after',
        waitMs: 5_000,
        serverWaitMs: 5_000,
        resetAt: NOW + 5_000,
      });
    }
    expect(decide({ outcome: { kind: 'timeout' } })).toMatchObject({ retry: true, source: 'backoff', serverWaitMs: undefined });
  });

  it('a service wait above maxRateLimitWait gives up (the call fails with the error in hand)', () => {
    expect(decide({ outcome: status(429, { 'retry-after': '61' }) })).toMatchObject({
      retry: false,
      gaveUp: true,
      serverWaitMs: 61_000,
      resetAt: NOW + 61_000,
    });
    expect(decide({ outcome: status(429, { 'retry-after': '60' }) })).toMatchObject({ retry: true, waitMs: 60_000 });
  });

  it('a service wait equal to the backoff is the service wait', () => {
    // random() = 0: the first backoff is 250 ms.
    expect(decide({ outcome: status(503, { 'retry-after': '0.25' }) })).toMatchObject({
      retry: true,
      source: 'retry-after',
      waitMs: 250,
    });
  });

  it('a wait that would end at or past totalTimeout gives up; one that ends before it is waited', () => {
    expect(decide({ remainingMs: 250 })).toMatchObject({ retry: false, gaveUp: true });
    expect(decide({ remainingMs: 251 })).toMatchObject({ retry: true, waitMs: 250 });
  });
});
