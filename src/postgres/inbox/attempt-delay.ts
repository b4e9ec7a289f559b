// How long a failed event waits before its next attempt.
import { ConfigurationError } from '../../errors/index.js';

const FIRST_DELAY_MS = 10_000;
const MAX_DELAY_MS = 3_600_000;

/**
 * @internal The default `retryDelayMs`: 10 s after the first failure, doubled after each one, at
 * most 1 h (10 s, 20 s, 40 s, 80 s, 160 s, 320 s, 640 s, 1 280 s, then 3 600 s).
 */
export function defaultRetryDelayMs(attempt: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** Math.max(attempt - 1, 0), MAX_DELAY_MS);
}

/** @internal The `retryDelayMs` option, checked: a function, or the default. */
export function checkRetryDelay(value: unknown, fn: string): (attempt: number) => number {
  if (value === undefined) return defaultRetryDelayMs;
  if (typeof value !== 'function') {
    throw new ConfigurationError(
      'retryDelayMs',
      `${fn}: \`retryDelayMs\` must be a function of the attempt number (1 after the first failure) returning milliseconds; got ${typeof value}.`,
    );
  }
  return value as (attempt: number) => number;
}

/**
 * @internal The delay after failed attempt `attempt`, in seconds for SQL: what `retryDelayMs` answers
 * when it is a finite number ≥ 0, else (it threw, or answered NaN, a negative number or Infinity)
 * the default's, so a broken delay function never stops retries or spins them.
 */
export function retryDelaySeconds(retryDelayMs: (attempt: number) => number, attempt: number): number {
  let ms: unknown;
  try {
    ms = retryDelayMs(attempt);
  } catch {
    ms = undefined;
  }
  const usable = typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 ? ms : defaultRetryDelayMs(attempt);
  return usable / 1_000;
}
