import type { RateLimit } from '../../errors/index.js';

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
