// Retry-After, read and obeyed: the service's wait in seconds, fractions or an HTTP date comes
// before X-RateLimit-Reset, a wait shorter than the backoff floor waits the backoff, and a 429
// without rate-limit headers takes its RateLimitError.reset from it. (What a wait longer than
// totalTimeout does is in test/core/transport/total-timeout.test.ts; the properties over any
// header value in retry-policy.property.test.ts.)
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKOFF, decideRetry, serverWait } from '../../src/core/retry-policy.js';
import type { RateLimitError } from '../../src/index.js';
import { loadKy } from '../../src/core/transport/load-ky.js';
import { captureError } from '../helpers/capture.js';
import { runFor, timedAnswers } from '../helpers/fake-time.js';
import { client, fail, http, HttpResponse, ok, url, useMswServer } from '../helpers/msw.js';

const server = useMswServer();
afterEach(() => {
  vi.useRealTimers();
});
// ky loads on the first request; loaded before a test fakes the clock, so the
// load cannot outlast the fake time the test advances.
beforeAll(async () => {
  await loadKy();
});

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const timed = (path: string, answer: (n: number) => Response) => timedAnswers(server, path, answer);

describe('Retry-After', () => {
  it('a 429 honours Retry-After (seconds) before X-RateLimit-Reset', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const times = timed('accounts/me', (n) =>
      n === 1 ? fail(429, 'slow', [], { 'retry-after': '3', 'x-ratelimit-reset': '4102444800' }) : ok({ id: 'a' }),
    );
    const pending = client().accounts.me();
    await runFor(3_500);
    await pending;
    expect(times).toHaveLength(2);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(3_000);
    expect(times[1]! - times[0]!).toBeLessThan(3_100);
  });

  it('a server wait shorter than the backoff (Retry-After: 0.001) waits the backoff (a case the properties found)', () => {
    const decision = decideRetry({
      attempt: 1,
      maxRetries: 1,
      method: 'GET',
      outcome: { kind: 'status', status: 503, headers: new Headers({ 'retry-after': '0.001' }) },
      maxRateLimitWait: 1,
      remainingMs: undefined,
      now: NOW,
      random: () => 0,
    });
    expect(decision).toMatchObject({ retry: true, source: 'backoff', waitMs: BACKOFF.baseMs / 2 });
  });

  it('reads the documented forms exactly', () => {
    const at = (h: Record<string, string>, status = 429) => serverWait(status, new Headers(h), NOW);
    expect(at({ 'retry-after': '1' }, 503)).toEqual({ ms: 1_000, source: 'retry-after' });
    expect(at({ 'retry-after': '1.5' })).toEqual({ ms: 1_500, source: 'retry-after' });
    expect(at({ 'retry-after': new Date(NOW + 30_000).toUTCString() })).toEqual({ ms: 30_000, source: 'retry-after' });
    expect(at({ 'x-ratelimit-reset': String(NOW / 1000 + 30), 'x-ratelimit-remaining': '0' })).toEqual({
      ms: 30_000,
      source: 'rate-limit-reset',
    });
    // Unix seconds, per the spec: `30` is 1970, in the past, so the clock backs off.
    expect(at({ 'x-ratelimit-reset': '30' })).toBeUndefined();
    expect(at({ 'x-ratelimit-reset': new Date(NOW + 30_000).toISOString() })).toBeUndefined();
    // A window not spent (Remaining > 0) says nothing about this 429's wait.
    expect(at({ 'x-ratelimit-reset': String(NOW / 1000 + 30), 'x-ratelimit-remaining': '5' })).toBeUndefined();
    // X-RateLimit-Reset is about the rate limit, not a 503.
    expect(at({ 'x-ratelimit-reset': String(NOW / 1000 + 30) }, 503)).toBeUndefined();
    expect(at({ 'retry-after': '-5' })).toBeUndefined();
    expect(at({ 'retry-after': '0' })).toBeUndefined();
  });

  it('a RateLimitError without rate-limit headers falls back to Retry-After for reset', async () => {
    server.use(
      http.get(url('accounts/me'), () =>
        HttpResponse.json({ success: false, data: null, message: 'slow' }, { status: 429, headers: { 'retry-after': '120' } }),
      ),
    );
    const before = Date.now();
    const error = (await captureError(client({ maxRateLimitWait: 0 }).accounts.me())) as RateLimitError;
    expect(error.rateLimit).toBeUndefined();
    expect(error.reset.getTime()).toBeGreaterThanOrEqual(before + 120_000);
    expect(Number.isNaN(error.reset.getTime())).toBe(false);
  });
});

describe('Retry-After and X-RateLimit-Reset: what is not a wait', () => {
  const at = (h: Record<string, string>, status = 429) => serverWait(status, new Headers(h), NOW);

  it('reads whole and fractional seconds of any length up to 15 digits and 9 decimals', () => {
    expect(at({ 'retry-after': '10' })).toEqual({ ms: 10_000, source: 'retry-after' });
    expect(at({ 'retry-after': '120.25' })).toEqual({ ms: 120_250, source: 'retry-after' });
    expect(at({ 'retry-after': '2.000000001' })?.ms).toBeCloseTo(2_000.000001, 9);
    expect(at({ 'retry-after': '1.0000000001' })).toBeUndefined();
    expect(at({ 'retry-after': '1.' })).toBeUndefined();
  });

  it('a number in another notation (exponent, hex, sign, a unit) is garbage, not a wait', () => {
    for (const value of ['1e3', '0x10', '+5', '5s', 'a5', '5 5', 'Infinity']) {
      expect(at({ 'retry-after': value }), value).toBeUndefined();
      expect(at({ 'x-ratelimit-reset': value === '1e3' ? '1e10' : value, 'x-ratelimit-remaining': '0' }), value).toBeUndefined();
    }
  });

  it('an HTTP date must be the IMF-fixdate form, whole', () => {
    const date = new Date(NOW + 30_000).toUTCString(); // Thu, 26 Nov 2026 12:00:30 GMT
    expect(at({ 'retry-after': date })).toEqual({ ms: 30_000, source: 'retry-after' });
    for (const value of [
      `x${date}`,
      `${date}x`,
      date.replace('26 Nov', '6 Nov'),
      date.replace('2026', '26'),
      date.replace('12:00:30', '12:0:30'),
      date.replace('12:00:30', '2:00:30'),
      date.replace('12:00:30', '12:00:3'),
      date.replace('GMT', 'UTC'),
      new Date(NOW + 30_000).toISOString(),
    ]) {
      expect(at({ 'retry-after': value }), value).toBeUndefined();
    }
  });

  it('padding around a value (any whitespace, not only what Headers strips) is ignored', () => {
    for (const pad of ['\f', '\v', '\u00a0']) {
      expect(at({ 'retry-after': `${pad}2${pad}` })).toEqual({ ms: 2_000, source: 'retry-after' });
      expect(at({ 'x-ratelimit-reset': `${pad}${NOW / 1000 + 30}${pad}`, 'x-ratelimit-remaining': `${pad}0${pad}` })).toEqual({
        ms: 30_000,
        source: 'rate-limit-reset',
      });
    }
  });

  it('a reset that is now is no wait; a reset in the window absent Remaining is the wait', () => {
    expect(at({ 'x-ratelimit-reset': String(NOW / 1000), 'x-ratelimit-remaining': '0' })).toBeUndefined();
    expect(at({ 'x-ratelimit-reset': String(NOW / 1000 + 1) })).toEqual({ ms: 1_000, source: 'rate-limit-reset' });
  });

  it('a wait beyond 1 000 years is clamped to 1 000 years, so every reset is a valid Date', () => {
    const thousandYears = 1_000 * 365 * 86_400_000;
    expect(at({ 'retry-after': '999999999999999' })).toEqual({ ms: thousandYears, source: 'retry-after' });
    expect(at({ 'x-ratelimit-reset': '999999999999999' })).toEqual({ ms: thousandYears, source: 'rate-limit-reset' });
    expect(at({ 'retry-after': String(thousandYears / 1000 - 1) })).toEqual({ ms: thousandYears - 1_000, source: 'retry-after' });
  });
});
