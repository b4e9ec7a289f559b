// What a receiver needs of a durable inbox: store a verified event, once, and say how long its id is
// remembered. No database driver is imported here (credit-platform/postgres implements it on `pg`).

/**
 * A verified event as a receiver hands it to an inbox: its id, its type as sent (an event type this
 * SDK does not know keeps its own name), its signed `timestamp` and the verified body, exactly the
 * text whose bytes the signature covers.
 *
 * @example
 * ```ts
 * import type { WebhookInboxEvent } from 'credit-platform/webhooks';
 * const event: WebhookInboxEvent = {
 *   id: 'evt_1',
 *   type: 'deposit.created',
 *   timestamp: '2026-11-27T10:00:00Z',
 *   body: '{"id":"evt_1","type":"deposit.created","timestamp":"2026-11-27T10:00:00Z","data":{}}',
 * };
 * ```
 */
export interface WebhookInboxEvent {
  /** The event id (`evt_…`), the same across the service's retries. */
  readonly id: string;
  /** The event type as the service sent it. */
  readonly type: string;
  /** The signed ISO 8601 instant. */
  readonly timestamp: string;
  /** The verified body, as UTF-8 text. */
  readonly body: string;
}

/**
 * What an inbox did with an event: `stored` (new, now durable) or `duplicate` (its id was already
 * there, whatever became of it). Both are acknowledged with 200.
 *
 * @example
 * ```ts
 * import type { WebhookInboxAcceptance } from 'credit-platform/webhooks';
 * const outcomes: WebhookInboxAcceptance[] = ['stored', 'duplicate'];
 * ```
 */
export type WebhookInboxAcceptance = 'stored' | 'duplicate';

/**
 * A durable inbox a receiver stores verified events in, instead of running handlers during the
 * delivery: the receiver answers 200 as soon as `accept` resolves, so a slow or failing handler
 * never fails a delivery (and never turns the subscription inactive). `createPostgresWebhookInbox`
 * from `credit-platform/postgres` implements it; its `work()` processes the stored events.
 *
 * Contract of `accept`: resolve only once the event is durable (committed); store an id at most once
 * and resolve `duplicate` for an id already held in any state; reject on any failure (the
 * receiver answers 503 and the service retries).
 *
 * @example
 * ```ts
 * import { createNodeWebhookHandler, type WebhookInbox } from 'credit-platform/webhooks';
 * import { createPostgresWebhookInbox } from 'credit-platform/postgres';
 * import { Pool } from 'pg';
 *
 * const inbox: WebhookInbox = createPostgresWebhookInbox(new Pool());
 * const handler = createNodeWebhookHandler({ secret: process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!, inbox });
 * ```
 */
export interface WebhookInbox {
  /**
   * How long an id is remembered after its event was received, in ms. The receiver refuses an inbox
   * that would forget ids sooner than its `maxEventAge` plus 5 minutes (a replayed delivery would
   * be stored again), and `maxEventAge: Infinity` with a finite retention.
   */
  readonly retentionMs: number;
  /** Stores `event` durably, once; see the interface for the contract. */
  accept(event: WebhookInboxEvent): Promise<WebhookInboxAcceptance>;
}

/** @internal Whether `value` looks like an inbox (for the receivers' option check). */
export function isWebhookInbox(value: unknown): value is WebhookInbox {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<WebhookInbox>).accept === 'function' &&
    typeof (value as Partial<WebhookInbox>).retentionMs === 'number'
  );
}
