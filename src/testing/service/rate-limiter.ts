import type { RateLimitTier } from '../types.js';

/**
 * Request allowances of one tier (spec section 8).
 *
 * @example
 * ```ts
 * const generous: TierLimits = { perMinute: 100_000, perDay: 10_000_000 };
 * ```
 */
export interface TierLimits {
  /** Requests allowed per "minute" window (`RateLimitOptions.minuteWindowMs`). */
  perMinute: number;
  /** Requests allowed per "day" window (`RateLimitOptions.dayWindowMs`). */
  perDay: number;
}

/**
 * The spec's three tiers.
 *
 * @example
 * ```ts
 * RATE_LIMIT_TIERS.free.perMinute; // 30
 * ```
 */
export const RATE_LIMIT_TIERS: Readonly<Record<RateLimitTier, TierLimits>> = {
  free: { perMinute: 30, perDay: 1000 },
  standard: { perMinute: 120, perDay: 10_000 },
  premium: { perMinute: 600, perDay: 100_000 },
};

/**
 * Rate-limit settings of a fake. Shorten the windows to test limits in seconds.
 *
 * @example
 * ```ts
 * createFakeCreditPlatform({ rateLimit: { minuteWindowMs: 1_000, dayWindowMs: 10_000 } });
 * ```
 */
export interface RateLimitOptions {
  /** Length of the "per minute" window; default 60 000. */
  minuteWindowMs?: number;
  /** Length of the "per day" window; default 86 400 000. */
  dayWindowMs?: number;
  /** Overrides of the tier allowances. */
  tiers?: Partial<Record<RateLimitTier, TierLimits>>;
}

/** What one request learnt about its bucket, ready for the X-RateLimit-* headers. */
export interface RateLimitVerdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds. */
  reset: number;
}

/**
 * A sliding log that keeps only the newest `limit` accepted timestamps in a ring:
 * a request fits when fewer than `limit` of them are inside the window. Memory is
 * bounded by the limit, not by traffic; the ring is in time order, so counting and
 * finding the reset are binary searches.
 */
class SlidingLog {
  // Stryker disable next-line ArrayDeclaration: a seed entry is never inside a window and the first record overwrites it.
  readonly #times: number[] = [];
  #head = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** The k-th oldest kept timestamp. */
  #at(k: number): number {
    return this.#times[(this.#head + k) % this.#times.length] as number;
  }

  /** Index (oldest first) of the first timestamp still inside the window. */
  #firstInWindow(now: number): number {
    const start = now - this.windowMs;
    let lo = 0;
    let hi = this.#times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#at(mid) > start) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  fits(now: number): boolean {
    return this.remaining(now) > 0;
  }

  record(now: number): void {
    // Until the ring is full, the head is its length, so this appends.
    this.#times[this.#head] = now;
    this.#head = (this.#head + 1) % this.limit;
  }

  remaining(now: number): number {
    const inWindow = this.#times.length - this.#firstInWindow(now);
    return Math.max(0, this.limit - inWindow);
  }

  /** When the oldest request in the window leaves it (a full window from now if none). */
  resetAt(now: number): number {
    const first = this.#firstInWindow(now);
    if (first >= this.#times.length) return now + this.windowMs;
    return this.#at(first) + this.windowMs;
  }
}

interface Bucket {
  minute: SlidingLog;
  day: SlidingLog;
}

/** Per-bucket (per key, or per client address for requests without a valid key) limiting. */
export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  readonly #minuteMs: number;
  readonly #dayMs: number;
  readonly #tiers: Record<RateLimitTier, TierLimits>;

  constructor(options: RateLimitOptions = {}) {
    this.#minuteMs = options.minuteWindowMs ?? 60_000;
    this.#dayMs = options.dayWindowMs ?? 86_400_000;
    this.#tiers = { ...RATE_LIMIT_TIERS, ...options.tiers };
  }

  #bucket(id: string, tier: RateLimitTier): Bucket {
    let bucket = this.#buckets.get(id);
    if (!bucket) {
      const limits = this.#tiers[tier];
      bucket = { minute: new SlidingLog(limits.perMinute, this.#minuteMs), day: new SlidingLog(limits.perDay, this.#dayMs) };
      this.#buckets.set(id, bucket);
    }
    return bucket;
  }

  /** Counts one request against the bucket if it fits. */
  consume(id: string, tier: RateLimitTier, now: number): RateLimitVerdict {
    const bucket = this.#bucket(id, tier);
    const allowed = bucket.minute.fits(now) && bucket.day.fits(now);
    if (allowed) {
      bucket.minute.record(now);
      bucket.day.record(now);
    }
    return verdict(bucket, allowed, now);
  }

  /**
   * The bucket's state for an injected fault, which answers in place of the request: nothing is
   * counted, and nothing is refused (so no Retry-After).
   */
  peek(id: string, tier: RateLimitTier, now: number): RateLimitVerdict {
    return verdict(this.#bucket(id, tier), true, now);
  }
}

/**
 * Reports the window that binds, the one a client must wait for: the one with fewer requests
 * left (the minute window on a tie), or, when both are spent, the one that frees a request last.
 */
function verdict(bucket: Bucket, allowed: boolean, now: number): RateLimitVerdict {
  const { minute, day } = bucket;
  const m = minute.remaining(now);
  const d = day.remaining(now);
  const bothSpent = m + d === 0;
  const log = d < m || (bothSpent && day.resetAt(now) > minute.resetAt(now)) ? day : minute;
  // A refused request found a window with none left, so this is 0 then.
  return { allowed, limit: log.limit, remaining: Math.min(m, d), reset: Math.ceil(log.resetAt(now) / 1000) };
}

/** Writes the three headers of spec section 8 (and Retry-After on a refusal). */
export function rateLimitHeaders(v: RateLimitVerdict, now: number): Headers {
  const headers = new Headers({
    'x-ratelimit-limit': String(v.limit),
    'x-ratelimit-remaining': String(v.remaining),
    'x-ratelimit-reset': String(v.reset),
  });
  if (!v.allowed) headers.set('retry-after', String(Math.max(1, v.reset - Math.floor(now / 1000))));
  return headers;
}
