import { HTTPError, NetworkError, TimeoutError } from 'ky';
import { retryAfterMs } from './rate-limit.js';

/**
 * A retry decision in the form ky's `shouldRetry` takes: `false` never, `true` after the
 * backoff, `undefined` after the wait the response's `Retry-After` / `X-RateLimit-Reset` asks
 * for (ky reads those headers itself for a 429).
 */
export type RetryDecision = boolean | undefined;

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const RETRIED_STATUSES = (status: number): boolean => status === 408 || status === 429 || (status >= 500 && status <= 599);
// Failures that prove the request never left this machine, so even a POST may go again.
const NEVER_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 8_000;

/** Exponential backoff with "equal jitter": half fixed, half random, so retries never bunch up at 0. */
export function backoffMs(retryNumber: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (retryNumber - 1));
  return ceiling / 2 + random() * (ceiling / 2);
}

/** The `code`s along an error's `cause` chain (five links at most), nearest first. */
export function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

/**
 * The SDK's whole retry policy, in one pure function that ky's `shouldRetry` consults.
 *
 * - GET, PUT, DELETE: retried on connection errors, timeouts, 408, 429 and 5xx.
 * - POST, PATCH: retried only when the connection was refused or the host not found, i.e. the
 *   request cannot have reached the service; never after a response or a timeout, because the
 *   service documents no idempotency keys and a second POST could move money twice.
 * - 429: wait for `Retry-After` or `X-RateLimit-Reset`; when that is longer than
 *   `maxRateLimitWait`, do not sleep: give up so the caller gets the RateLimitError at once.
 * - everything else: exponential backoff with jitter ({@link backoffMs}).
 */
export function decideRetry(error: unknown, maxRateLimitWait: number, now: number = Date.now()): RetryDecision {
  if (!(error instanceof HTTPError || error instanceof TimeoutError || error instanceof NetworkError)) return false;
  const idempotent = IDEMPOTENT.has(error.request.method.toUpperCase());
  if (error instanceof HTTPError) {
    const { status, headers } = error.response;
    if (!idempotent || !RETRIED_STATUSES(status)) return false;
    if (status !== 429) return true;
    const wait = retryAfterMs(headers, now);
    if (wait === undefined) return true;
    return wait > maxRateLimitWait ? false : undefined;
  }
  if (error instanceof TimeoutError) return idempotent;
  return idempotent || errorCodes(error).some((code) => NEVER_SENT_CODES.has(code));
}
