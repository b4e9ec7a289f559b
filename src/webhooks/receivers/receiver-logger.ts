// The receivers' own log lines. The shape is the client's `Logger` minus `info` (the receivers
// have nothing to say at that level), written out here because the webhooks entry loads nothing
// of the client: the logger a user gives the client fits as it is. No `node:*` import.
import type { WebhookClaim } from '../stores/dedup-store.js';
import type { UnknownWebhookEvent, WebhookEvent } from '../events/events.js';

/**
 * Where a webhook receiver writes its lines: any object with `debug`, `warn` and `error` taking
 * `(message, fields?)`. The client's `logger` fits, as do `console` and pino, winston or bunyan
 * adapters. `debug`: one line per authentic delivery whose handler did not run (a duplicate, or
 * one still being handled), with the event id. `warn`: the default `onRejected`'s lines. `error`:
 * the default `onError`'s lines.
 *
 * @example
 * ```ts
 * import { createWebhookHandler, type WebhookReceiverLogger } from 'credit-platform/webhooks';
 * declare const pino: Record<'debug' | 'warn' | 'error', (fields: object, msg: string) => void>;
 * const logger: WebhookReceiverLogger = {
 *   debug: (msg, fields) => pino.debug({ ...fields }, msg),
 *   warn: (msg, fields) => pino.warn({ ...fields }, msg),
 *   error: (msg, fields) => pino.error({ ...fields }, msg),
 * };
 * const handler = createWebhookHandler({ secret: process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!, logger });
 * ```
 */
export interface WebhookReceiverLogger {
  /** A delivery whose handler did not run: `{ eventId, type, outcome }` (`duplicate` or `in_progress`). */
  debug(message: string, fields?: Record<string, unknown>): void;
  /** A refused delivery, from the default `onRejected`: `{ code }`, and `collapsed` on a summary line. */
  warn(message: string, fields?: Record<string, unknown>): void;
  /** A failure, from the default `onError`: `{ error, eventId }`. */
  error(message: string, fields?: Record<string, unknown>): void;
}

/** @internal The `logger` option, checked when the receiver is created. */
export function checkLogger(logger: unknown, fn: string): WebhookReceiverLogger | undefined {
  if (logger === undefined) return undefined;
  const l = logger as Partial<WebhookReceiverLogger> | null;
  if (typeof l?.debug !== 'function' || typeof l.warn !== 'function' || typeof l.error !== 'function') {
    throw new TypeError(`${fn}: logger must have debug, warn and error methods (console fits, as does the client's logger).`);
  }
  return l as WebhookReceiverLogger;
}

/**
 * @internal An event id as it may appear inside a message: quoted, control characters escaped, at
 * most 100 characters. A signed id is only checked to start with `evt_`, and a log line must not be
 * split or styled by what the sender put after it. Fields carry the id as it is.
 */
export function quotedEventId(id: string): string {
  return JSON.stringify(id.length > 100 ? `${id.slice(0, 100)}…` : id);
}

/** @internal One debug line for an authentic delivery whose handler did not run. */
export function logNotRun(
  logger: WebhookReceiverLogger | undefined,
  event: WebhookEvent | UnknownWebhookEvent,
  claim: Exclude<WebhookClaim, 'claimed'>,
): void {
  if (logger === undefined) return;
  const why = claim === 'completed' ? 'a duplicate: the event id was already handled' : 'another delivery of it is being handled';
  logger.debug(`credit-platform: webhook event ${quotedEventId(event.id)} not run: ${why}.`, {
    eventId: event.id,
    type: event.type === 'unknown' ? event.rawType : event.type,
    outcome: claim === 'completed' ? 'duplicate' : 'in_progress',
  });
}
