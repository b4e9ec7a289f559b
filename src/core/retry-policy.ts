// The SDK's one retry policy: a pure function that decides, for every failed attempt, whether to
// try again and how long to wait. The call's attempts act on the decision (call-state.ts), the rate-limit
// error's `reset` and the log lines read the same decision, so no second parser can disagree.

/** What went wrong with one attempt, as far as retrying cares. */
export type AttemptOutcome =
  | { kind: 'status'; status: number; headers: Headers }
  | { kind: 'timeout' }
  /** `reachedServer: false` only when the failure proves nothing left this machine (refused, DNS). */
  | { kind: 'connection'; reachedServer: boolean };

/** Everything the policy reads; `now` and `random` are inputs so the decision is reproducible. */
export interface RetryPolicyInput {
  /** Attempts made so far, counting the one that just failed (1 after the first). */
  attempt: number;
  maxRetries: number;
  method: string;
  outcome: AttemptOutcome;
  /** The longest wait the service may impose through its headers. */
  maxRateLimitWait: number;
  /** Milliseconds left under `totalTimeout`; `undefined` when the call has no overall bound. */
  remainingMs: number | undefined;
  now: number;
  random?: () => number;
}

/** Where a wait came from: the service's headers, or the SDK's own backoff. */
export type WaitSource = 'retry-after' | 'rate-limit-reset' | 'backoff';

/**
 * The policy's answer. `serverWaitMs` is what the response's headers asked for (whether or not
 * the SDK retries) and `resetAt` the instant it ends (`now + serverWaitMs`): a `RateLimitError`'s
 * `reset`.
 */
export type RetryDecision =
  /** `gaveUp`: the failure was worth retrying but a budget (retries, `maxRateLimitWait`, `totalTimeout`) ran out. */
  | { retry: false; reason: string; gaveUp: boolean; serverWaitMs: number | undefined; resetAt: number | undefined }
  | { retry: true; waitMs: number; source: WaitSource; serverWaitMs: number | undefined; resetAt: number | undefined };

/** The backoff curve. Mutable only so tests and the soak can shrink it; never changed by the SDK. */
export const BACKOFF = { baseMs: 500, maxMs: 8_000 };

// A wait longer than 1 000 years is not a wait but a malformed header; clamping keeps every Date valid.
const MAX_SERVER_WAIT_MS = 1_000 * 365 * 24 * 3_600_000;
const IDEMPOTENT: readonly string[] = Object.freeze(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const SECONDS = /^\d{1,15}(?:\.\d{1,9})?$/;
// IMF-fixdate, the HTTP-date form servers send (RFC 9110 5.6.7); anything else is garbage here.
const HTTP_DATE =
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** Exponential backoff with "equal jitter": half fixed, half random, so retries never bunch up at 0. */
export function backoffMs(retryNumber: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF.maxMs, BACKOFF.baseMs * 2 ** (Math.max(1, retryNumber) - 1));
  const r = random();
  return ceiling / 2 + (Number.isFinite(r) ? Math.min(1, Math.max(0, r)) : 0.5) * (ceiling / 2);
}

/**
 * The wait a response's headers ask for, in ms: `Retry-After` (seconds or HTTP date), else for a
 * 429 whose window is spent (`X-RateLimit-Remaining` 0 or absent) `X-RateLimit-Reset` (Unix
 * seconds). A value in the past, zero, negative or unreadable gives `undefined`: the caller then
 * backs off instead of retrying in a tight loop.
 */
export function serverWait(status: number, headers: Headers, now: number): { ms: number; source: WaitSource } | undefined {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    const ms = SECONDS.test(retryAfter)
      ? Number(retryAfter) * 1000
      : HTTP_DATE.test(retryAfter)
        ? Date.parse(retryAfter) - now
        : Number.NaN;
    if (ms > 0) return { ms: Math.min(ms, MAX_SERVER_WAIT_MS), source: 'retry-after' };
  }
  if (status !== 429) return undefined;
  const remaining = headers.get('x-ratelimit-remaining')?.trim();
  if (remaining !== undefined && remaining !== '0') return undefined;
  const reset = headers.get('x-ratelimit-reset')?.trim();
  if (!reset || !SECONDS.test(reset)) return undefined;
  const ms = Number(reset) * 1000 - now;
  return ms > 0 ? { ms: Math.min(ms, MAX_SERVER_WAIT_MS), source: 'rate-limit-reset' } : undefined;
}

function retriable(method: string, outcome: AttemptOutcome): string | undefined {
  const idempotent = IDEMPOTENT.includes(method);
  if (outcome.kind === 'connection') {
    return idempotent || !outcome.reachedServer ? undefined : `${method} may have reached the service; a write is never re-sent`;
  }
  if (!idempotent)
    return `${method} got ${outcome.kind === 'timeout' ? 'no answer in time' : `a ${outcome.status}`}; a write is never re-sent`;
  if (outcome.kind === 'timeout') return undefined;
  const { status } = outcome;
  return status === 408 || status === 429 || (status >= 500 && status <= 599) ? undefined : `status ${status} is final`;
}

/**
 * Decides whether a failed attempt is retried and after how long.
 *
 * - GET, PUT, DELETE: retried after connection errors, timeouts, 408, 429 and 5xx.
 * - POST, PATCH: retried only when the connection was refused or the host not found (nothing was
 *   sent); never after a response or a timeout: the service documents no idempotency keys.
 * - The wait is the service's (`Retry-After` on a 429 or 503, `X-RateLimit-Reset` on a spent 429)
 *   when usable, else the backoff. A service wait above `maxRateLimitWait`, or any wait that
 *   would end past `totalTimeout`, ends the call at once with the error in hand.
 */
export function decideRetry(input: RetryPolicyInput): RetryDecision {
  const { outcome, now } = input;
  const fromServer =
    outcome.kind === 'status' && (outcome.status === 429 || outcome.status === 503)
      ? serverWait(outcome.status, outcome.headers, now)
      : undefined;
  const serverWaitMs = fromServer?.ms;
  const resetAt = fromServer === undefined ? undefined : now + fromServer.ms;
  const refused = retriable(input.method, outcome);
  if (refused) return { retry: false, reason: refused, gaveUp: false, serverWaitMs, resetAt };
  if (input.attempt > input.maxRetries) {
    return {
      retry: false,
      reason: `${input.attempt} attempts made (maxRetries ${input.maxRetries})`,
      gaveUp: true,
      serverWaitMs,
      resetAt,
    };
  }
  if (fromServer && fromServer.ms > input.maxRateLimitWait) {
    return {
      retry: false,
      reason: `the service asks to wait ${Math.round(fromServer.ms)} ms, more than maxRateLimitWait (${input.maxRateLimitWait} ms)`,
      gaveUp: true,
      serverWaitMs,
      resetAt,
    };
  }
  // A server wait shorter than the backoff (`Retry-After: 0.001`) is not a licence for a tight
  // loop: the call waits the longer of the two.
  const backoff = backoffMs(input.attempt, input.random);
  const useServer = fromServer !== undefined && fromServer.ms >= backoff;
  const waitMs = useServer ? fromServer.ms : backoff;
  if (input.remainingMs !== undefined && waitMs >= input.remainingMs) {
    return {
      retry: false,
      reason: `waiting ${Math.round(waitMs)} ms would pass totalTimeout`,
      gaveUp: true,
      serverWaitMs,
      resetAt,
    };
  }
  return { retry: true, waitMs, source: useServer ? fromServer.source : 'backoff', serverWaitMs, resetAt };
}
