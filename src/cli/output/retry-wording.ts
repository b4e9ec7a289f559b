import { WEBHOOK_RETRY_SCHEDULE } from '../../webhooks/index.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * A delay of the webhook retry schedule as the CLI words it: whole hours as `2 h`, anything
 * shorter in minutes (`1 min`, `30 min`), the units the spec's retry table uses.
 */
export function retryDelay(ms: number): string {
  return ms < HOUR_MS ? `${ms / MINUTE_MS} min` : `${ms / HOUR_MS} h`;
}

/**
 * The service's retries of a failed delivery, the one wording every command prints:
 * `retries after 1 min, 5 min, 30 min, 2 h, 12 h`. The schedule's first delay is the first
 * attempt's, sent at once, so it is not a retry: "after 0 min" would read as a retry at once.
 */
export function retriesAfter(): string {
  return `retries after ${WEBHOOK_RETRY_SCHEDULE.slice(1).map(retryDelay).join(', ')}`;
}

/**
 * What follows failed attempt `attempt` (1-based): `next attempt in 1 min`, the delay
 * {@link retriesAfter} lists at that place, or `no attempts left` after the last.
 */
export function nextAttempt(attempt: number): string {
  const next = WEBHOOK_RETRY_SCHEDULE[attempt];
  return next === undefined ? 'no attempts left' : `next attempt in ${retryDelay(next)}`;
}
