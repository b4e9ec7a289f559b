// The sliding log against the plainest model of the spec's "sliding window": keep every accepted
// request, count the ones inside each window. Whatever the limits, windows and traffic, the
// limiter must allow, count and report exactly what the model does, and a refused client that
// waits until X-RateLimit-Reset must be served.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RateLimiter, rateLimitHeaders, type RateLimitVerdict } from '../../../src/testing/service/rate-limiter.js';

interface Limits {
  perMinute: number;
  perDay: number;
  minuteMs: number;
  dayMs: number;
}

/** Every accepted request, and what the spec says a request at `now` sees. */
function model({ perMinute, perDay, minuteMs, dayMs }: Limits) {
  const accepted: number[] = [];
  const windows = [
    { limit: perMinute, ms: minuteMs },
    { limit: perDay, ms: dayMs },
  ] as const;
  const inside = (now: number, ms: number) => accepted.filter((t) => t > now - ms);
  const left = (now: number) => windows.map((w) => w.limit - inside(now, w.ms).length);
  /** When a window frees a request: its oldest request leaves it (a full window from now if it is empty). */
  const freesAt = (now: number, ms: number) => (inside(now, ms)[0] ?? now) + ms;
  return {
    consume(now: number): RateLimitVerdict {
      const allowed = left(now).every((n) => n > 0);
      if (allowed) accepted.push(now);
      const [m = 0, d = 0] = left(now);
      const [minute, day] = windows;
      let binding: (typeof windows)[number] = d < m ? day : minute;
      // Both spent: the client waits for the later of the two.
      if (m === 0 && d === 0 && freesAt(now, day.ms) > freesAt(now, minute.ms)) binding = day;
      return {
        allowed,
        limit: binding.limit,
        remaining: Math.min(m, d),
        reset: Math.ceil(freesAt(now, binding.ms) / 1000),
      };
    },
  };
}

const limits = fc.record({
  perMinute: fc.integer({ min: 1, max: 5 }),
  perDay: fc.integer({ min: 1, max: 9 }),
  minuteMs: fc.constantFrom(1_000, 2_000, 5_000),
  dayMs: fc.constantFrom(1_000, 3_000, 10_000, 20_000),
});
/** Gaps between requests, in ms: bursts (0), sub-second steps and whole windows. */
const gaps = fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1_000, max: 12_000 })), {
  minLength: 1,
  maxLength: 60,
});

const START = 1_767_225_600_000; // 2026-01-01T00:00:00Z

describe('RateLimiter against the sliding-window model', () => {
  it('allows, counts and reports the binding window exactly as the model does', () => {
    fc.assert(
      fc.property(limits, gaps, (l, steps) => {
        const limiter = new RateLimiter({
          minuteWindowMs: l.minuteMs,
          dayWindowMs: l.dayMs,
          tiers: { free: { perMinute: l.perMinute, perDay: l.perDay } },
        });
        const expected = model(l);
        let now = START;
        for (const gap of steps) {
          now += gap;
          expect(limiter.consume('key:a', 'free', now)).toEqual(expected.consume(now));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('serves a refused client that waits until X-RateLimit-Reset, even when both windows are spent', () => {
    fc.assert(
      fc.property(limits, gaps, (l, steps) => {
        const limiter = new RateLimiter({
          minuteWindowMs: l.minuteMs,
          dayWindowMs: l.dayMs,
          tiers: { free: { perMinute: l.perMinute, perDay: l.perDay } },
        });
        let now = START;
        for (const gap of steps) {
          now += gap;
          const seen = limiter.consume('key:a', 'free', now);
          if (seen.allowed) continue;
          // Peeking counts nothing: the state at Reset is the state without this request.
          const waited = seen.reset * 1000;
          expect(limiter.peek('key:a', 'free', waited).remaining).toBeGreaterThan(0);
          expect(limiter.peek('key:a', 'free', waited - 1000).remaining).toBe(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps one bucket per id, each created at its tier', () => {
    const limiter = new RateLimiter({ tiers: { free: { perMinute: 2, perDay: 5 } } });
    expect(limiter.consume('key:a', 'free', START)).toMatchObject({ allowed: true, limit: 2, remaining: 1 });
    expect(limiter.consume('key:b', 'premium', START)).toMatchObject({ allowed: true, limit: 600, remaining: 599 });
    expect(limiter.consume('key:a', 'free', START)).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.consume('key:a', 'free', START)).toMatchObject({ allowed: false, remaining: 0 });
    // A bucket keeps the tier it was created at.
    expect(limiter.consume('key:a', 'premium', START)).toMatchObject({ allowed: false, limit: 2 });
  });

  it('reports a bucket with no request in its windows as full, resetting a window from now', () => {
    const limiter = new RateLimiter({ tiers: { free: { perMinute: 2, perDay: 5 } } });
    expect(limiter.peek('key:new', 'free', START)).toEqual({ allowed: true, limit: 2, remaining: 2, reset: START / 1000 + 60 });
    limiter.consume('key:new', 'free', START);
    expect(limiter.peek('key:new', 'free', START + 90_000)).toEqual({
      allowed: true,
      limit: 2,
      remaining: 2,
      reset: START / 1000 + 150,
    });
  });

  it('names the minute window when both are spent and free a request at the same time', () => {
    const limiter = new RateLimiter({ minuteWindowMs: 1_000, dayWindowMs: 3_000, tiers: { free: { perMinute: 2, perDay: 3 } } });
    limiter.consume('key:a', 'free', START);
    limiter.consume('key:a', 'free', START + 2_000);
    // Both windows free a request at START + 3 s.
    expect(limiter.consume('key:a', 'free', START + 2_000)).toEqual({
      allowed: true,
      limit: 2,
      remaining: 0,
      reset: START / 1000 + 3,
    });
  });

  it('defaults to the spec windows: a minute and a day', () => {
    const limiter = new RateLimiter({ tiers: { free: { perMinute: 1, perDay: 2 } } });
    expect(limiter.consume('key:a', 'free', START)).toMatchObject({ allowed: true, reset: START / 1000 + 60 });
    expect(limiter.consume('key:a', 'free', START + 60_000)).toMatchObject({ allowed: true, limit: 2, remaining: 0 });
    expect(limiter.consume('key:a', 'free', START + 120_000)).toMatchObject({ allowed: false, reset: START / 1000 + 86_400 });
  });
});

describe('rateLimitHeaders', () => {
  const at = START + 400;
  it('writes Limit, Remaining and Reset, and Retry-After (whole seconds, at least 1) only on a refusal', () => {
    const allowed = rateLimitHeaders({ allowed: true, limit: 30, remaining: 0, reset: START / 1000 + 60 }, at);
    expect(Object.fromEntries(allowed)).toEqual({
      'x-ratelimit-limit': '30',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(START / 1000 + 60),
    });
    const refused = rateLimitHeaders({ allowed: false, limit: 30, remaining: 0, reset: START / 1000 + 60 }, at);
    expect(refused.get('retry-after')).toBe('60');
    const now = rateLimitHeaders({ allowed: false, limit: 30, remaining: 0, reset: START / 1000 }, at);
    expect(now.get('retry-after')).toBe('1');
  });
});
