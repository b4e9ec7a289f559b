const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * A delay of the webhook retry schedule as the CLI words it: whole hours as `2 h`, anything
 * shorter in minutes (`0 min`, `30 min`), the units the spec's retry table uses.
 */
export function retryDelay(ms: number): string {
  return ms < HOUR_MS ? `${ms / MINUTE_MS} min` : `${ms / HOUR_MS} h`;
}
