// Properties of the retry policy over what a server or proxy may put in the timing headers (the
// documented forms, one by one, are in retry-after.test.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BACKOFF, decideRetry, serverWait } from '../../src/core/retry-policy.js';
import { apiErrorFromResponse } from '../../src/core/transport/error-from-status.js';
import { RateLimitError } from '../../src/errors/index.js';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

// Values that belong in the headers, and the garbage that shows up there instead.
const headerValue = fc.oneof(
  fc.string(),
  fc.integer({ min: -1e12, max: 1e16 }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.double({ min: 0, max: 1e6, noNaN: true }).map((n) => n.toFixed(3)),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.date({ noInvalidDate: true }).map((d) => d.toUTCString()),
  fc.integer({ min: 0, max: 4e9 }).map((s) => String(s)),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    'NaN',
    'Infinity',
    '1e3',
    '0x10',
    '½',
    'Tue, 31 Feb 2026 00:00:00 GMT',
    '99999999999999999999',
  ),
);

const headers = fc.record(
  { 'retry-after': headerValue, 'x-ratelimit-reset': headerValue, 'x-ratelimit-remaining': headerValue },
  { requiredKeys: [] },
);

/** What a Headers object can hold of a generated record (it refuses some bytes, as fetch would). */
function toHeaders(record: Record<string, string>): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(record)) {
    try {
      out.set(name, value);
    } catch {
      // a value no HTTP response can carry
    }
  }
  return out;
}

const input = fc.record({
  attempt: fc.integer({ min: 1, max: 11 }),
  maxRetries: fc.integer({ min: 0, max: 10 }),
  method: fc.constantFrom('GET', 'PUT', 'DELETE', 'POST', 'PATCH'),
  status: fc.constantFrom(408, 429, 500, 502, 503, 504, 400, 404),
  headers,
  maxRateLimitWait: fc.integer({ min: 0, max: 2_147_483_647 }),
  remainingMs: fc.option(fc.integer({ min: 0, max: 600_000 }), { nil: undefined }),
  random: fc.double({ min: 0, max: 1, noNaN: true }),
});

describe('retry policy properties (fast-check)', () => {
  it('decides within the caps: never NaN, never negative, never past maxRateLimitWait or totalTimeout', () => {
    fc.assert(
      fc.property(input, (i) => {
        const decision = decideRetry({
          ...i,
          outcome: { kind: 'status', status: i.status, headers: toHeaders(i.headers) },
          now: NOW,
          random: () => i.random,
        });
        if (decision.serverWaitMs !== undefined) expect(Number.isFinite(decision.serverWaitMs)).toBe(true);
        if (!decision.retry) return;
        expect(Number.isFinite(decision.waitMs)).toBe(true);
        // Never a wait of 0 in a tight loop: the backoff floor is half the first window.
        expect(decision.waitMs).toBeGreaterThanOrEqual(BACKOFF.baseMs / 2);
        if (decision.source === 'backoff') expect(decision.waitMs).toBeLessThanOrEqual(BACKOFF.maxMs);
        else expect(decision.waitMs).toBeLessThanOrEqual(i.maxRateLimitWait);
        if (i.remainingMs !== undefined) expect(decision.waitMs).toBeLessThan(i.remainingMs);
        expect(i.attempt).toBeLessThanOrEqual(i.maxRetries);
        expect(['GET', 'PUT', 'DELETE']).toContain(i.method);
      }),
      { numRuns: 2_000 },
    );
  });

  it('a header wait is positive and finite or absent: a reset in the past, garbage or a negative value backs off', () => {
    fc.assert(
      fc.property(headers, fc.constantFrom(429, 503), (h, status) => {
        const wait = serverWait(status, toHeaders(h), NOW);
        if (wait === undefined) return;
        expect(wait.ms).toBeGreaterThan(0);
        expect(Number.isFinite(wait.ms)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('a RateLimitError built from any headers has a valid reset Date', () => {
    fc.assert(
      fc.property(headers, fc.integer({ min: 1, max: 3 }), (h, attempt) => {
        const decision = decideRetry({
          attempt,
          maxRetries: 2,
          method: 'GET',
          outcome: { kind: 'status', status: 429, headers: toHeaders(h) },
          maxRateLimitWait: 60_000,
          remainingMs: undefined,
          now: NOW,
        });
        const error = apiErrorFromResponse({
          status: 429,
          headers: toHeaders(h),
          text: '',
          where: 'GET /accounts/me',
          secrets: [],
          resetAt: decision.resetAt,
          now: NOW,
        });
        expect(error).toBeInstanceOf(RateLimitError);
        const reset = (error as RateLimitError).reset.getTime();
        expect(Number.isNaN(reset)).toBe(false);
        expect(reset).toBeGreaterThanOrEqual(NOW);
      }),
      { numRuns: 1_000 },
    );
  });
});
