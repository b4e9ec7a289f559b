/**
 * The rate-limit state the service reports on every response (spec section 8).
 *
 * @example
 * ```ts
 * const { data, rateLimit } = await client.accounts.me().withResponse();
 * if (rateLimit && rateLimit.remaining < 5) console.warn(`slow down until ${rateLimit.reset.toISOString()}`);
 * ```
 */
export interface RateLimit {
  /** Requests allowed in the window (`X-RateLimit-Limit`). */
  limit: number;
  /** Requests left in the window (`X-RateLimit-Remaining`). */
  remaining: number;
  /** When the window resets (`X-RateLimit-Reset`, Unix seconds). */
  reset: Date;
}

// Digits only: `Number('')`, `Number(' 1 ')`, `Number('1e3')` and `Number('0x10')` all
// succeed, and none of them is a value the service sends.
const UNSIGNED_INTEGER = /^\d{1,15}$/;

// Read on every response, so a character loop rather than a regular expression.
function readCount(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null) return undefined;
  const value = raw.trim();
  if (value.length === 0 || value.length > 15) return undefined;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 48 || code > 57) return undefined;
  }
  return Number(value);
}

/**
 * Reads the three `X-RateLimit-*` headers. Returns `undefined` unless all three are present and
 * well formed, so callers never see `NaN` or an invalid `Date`.
 *
 * @example
 * ```ts
 * import { parseRateLimit } from 'credit-platform';
 * const rl = parseRateLimit(new Headers({ 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': '1709856000' }));
 * rl?.reset.toISOString(); // '2024-03-08T00:00:00.000Z'
 * ```
 */
export function parseRateLimit(headers: Headers): RateLimit | undefined {
  const limit = readCount(headers, 'x-ratelimit-limit');
  const remaining = readCount(headers, 'x-ratelimit-remaining');
  const resetSeconds = readCount(headers, 'x-ratelimit-reset');
  if (limit === undefined || remaining === undefined || resetSeconds === undefined) return undefined;
  const reset = new Date(resetSeconds * 1000);
  if (Number.isNaN(reset.getTime())) return undefined;
  return { limit, remaining, reset };
}

/**
 * How long the service asks us to wait before retrying, in ms: `Retry-After` (seconds or an
 * HTTP date) first, then `X-RateLimit-Reset`. `undefined` when neither header is usable.
 */
export function retryAfterMs(headers: Headers, now: number): number | undefined {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (UNSIGNED_INTEGER.test(retryAfter)) return Number(retryAfter) * 1000;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const reset = readCount(headers, 'x-ratelimit-reset');
  return reset === undefined ? undefined : Math.max(0, reset * 1000 - now);
}
