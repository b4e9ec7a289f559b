// Refuses authentic deliveries that are too old (or too far ahead) to be handled: once the
// de-duplication store has forgotten an event id, a captured delivery could otherwise be
// replayed and handled again. No `node:*` import.
import { WebhookVerificationError } from '../errors.js';

/**
 * Options of `constructWebhookEvent` and `constructWebhookEventAsync`.
 *
 * @example
 * ```ts
 * import { constructWebhookEvent, type ConstructWebhookEventOptions } from 'credit-platform/webhooks';
 * const options: ConstructWebhookEventOptions = { maxEventAge: 24 * 3_600_000 };
 * const event = constructWebhookEvent(body, signature, secret, options);
 * ```
 */
export interface ConstructWebhookEventOptions {
  /**
   * The oldest signed `timestamp` accepted, in milliseconds. Default 72 hours, as long as the
   * receivers remember event ids; `Infinity` turns the check off. An event signed more than
   * 5 minutes in the future is refused too (unless `Infinity`).
   */
  readonly maxEventAge?: number;
}

/**
 * The default `maxEventAge`: 72 hours, the memory de-duplication store's retention.
 *
 * @example
 * ```ts
 * import { DEFAULT_MAX_EVENT_AGE, createWebhookHandler } from 'credit-platform/webhooks';
 * const handler = createWebhookHandler({ secret, maxEventAge: DEFAULT_MAX_EVENT_AGE / 3 }); // 24 h
 * ```
 */
export const DEFAULT_MAX_EVENT_AGE = 72 * 3_600_000;
/** @internal How far ahead of this machine's clock an event may be signed: 5 minutes. */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/** Throws a `TypeError` (a programmer error) for a `maxEventAge` that is not a positive number. */
export function checkMaxEventAge(value: unknown, fn: string): number {
  if (value === undefined) return DEFAULT_MAX_EVENT_AGE;
  if (typeof value !== 'number' || Number.isNaN(value) || value <= 0) {
    throw new TypeError(`${fn}: maxEventAge must be a positive number of milliseconds, or Infinity to turn the check off.`);
  }
  return value;
}

/** @internal A duration in hours with one decimal, for messages: `72.1 h`. */
export function hours(ms: number): string {
  return `${Math.round((ms / 3_600_000) * 10) / 10} h`;
}

/**
 * Throws `stale_event` when an authentic event, signed at `signedAt` (ms since the epoch, read from
 * its `timestamp`), is outside the accepted window.
 */
export function checkEventAge(id: string, signedAt: number, maxEventAge: number, now = Date.now()): void {
  if (maxEventAge === Number.POSITIVE_INFINITY) return;
  const age = now - signedAt;
  if (age > maxEventAge) {
    throw new WebhookVerificationError(
      'stale_event',
      `Event ${id} is ${hours(age)} old, more than maxEventAge (${hours(maxEventAge)}): refused so a replayed delivery is not handled twice. If your receiver was down longer, raise maxEventAge.`,
    );
  }
  if (-age > MAX_CLOCK_SKEW_MS) {
    throw new WebhookVerificationError(
      'stale_event',
      `Event ${id} is dated ${Math.round(-age / 1000)} s in the future (more than 5 minutes ahead): check this machine's clock.`,
    );
  }
}
