// The HTTP answers of the receivers, in one table. No `node:*` import.
import type { WebhookVerificationError, WebhookVerificationErrorCode } from '../errors.js';
import type { UnknownWebhookEvent, WebhookEvent } from '../events/events.js';

/**
 * How a receiver disposed of a request, for logs and tests.
 *
 * @example
 * ```ts
 * import type { WebhookOutcome } from 'credit-platform/webhooks';
 * const retried: WebhookOutcome[] = ['in_progress', 'handler_error', 'store_error'];
 * ```
 */
export type WebhookOutcome =
  | 'processed'
  /** Stored in the receiver's `inbox`, to be processed from there (200). */
  | 'stored'
  | 'duplicate'
  | 'in_progress'
  | 'invalid_signature'
  | 'invalid_payload'
  | 'stale_event'
  | 'payload_too_large'
  | 'read_timeout'
  | 'method_not_allowed'
  | 'handler_error'
  | 'store_error'
  | 'configuration_error';

/**
 * The HTTP answer a receiver chose: send `status`, `headers` and `body` as they are.
 *
 * @example
 * ```ts
 * import type { WebhookReceiverResult } from 'credit-platform/webhooks';
 * function send(res: import('node:http').ServerResponse, result: WebhookReceiverResult) {
 *   res.writeHead(result.status, result.headers).end(result.body);
 * }
 * ```
 */
export interface WebhookReceiverResult {
  /** The HTTP status: 2xx tells the service to stop retrying, anything else asks for a retry. */
  readonly status: number;
  /**
   * Response headers: `content-type: application/json`, and `retry-after` or `allow` where they
   * apply. One frozen object per outcome, shared by every answer: copy it to add your own.
   */
  readonly headers: Readonly<Record<string, string>>;
  /**
   * A small JSON document: `{"received":true}`, or `{"error":<outcome>}` with, for a refused
   * delivery, the `code` of its `WebhookVerificationError` (`{"error":"invalid_signature","code":"signature_mismatch"}`)
   * and, where it helps the sender, a `message`.
   */
  readonly body: string;
  /** What happened, for logs and tests. */
  readonly outcome: WebhookOutcome;
  /** The verified event, when there was one. */
  readonly event?: WebhookEvent | UnknownWebhookEvent;
}

const STATUS: Readonly<Record<WebhookOutcome, number>> = {
  processed: 200,
  stored: 200,
  duplicate: 200,
  in_progress: 503,
  invalid_signature: 401,
  invalid_payload: 400,
  stale_event: 400,
  payload_too_large: 413,
  read_timeout: 408,
  method_not_allowed: 405,
  handler_error: 500,
  store_error: 503,
  configuration_error: 500,
};

// Nothing but the content type where no other header applies: node:http checks every header it is
// given, and each costs about a twentieth of what the Node receiver adds to node:http's own work.
// `application/json` has no charset parameter (RFC 8259), and the answer to a POST is not stored by
// a cache unless a header makes it fresh (RFC 9111), so neither `charset` nor
// `cache-control: no-store` would change a thing. Every answer of an outcome shares its headers
// object, so it is frozen: a caller that changed it would change every later answer.
const JSON_ONLY = /* @__PURE__ */ Object.freeze({ 'content-type': 'application/json' });
// The service's next attempt comes a minute or more later; this asks for no sooner.
const RETRY_LATER = /* @__PURE__ */ Object.freeze({ 'content-type': 'application/json', 'retry-after': '60' });
const POST_ONLY = /* @__PURE__ */ Object.freeze({ 'content-type': 'application/json', allow: 'POST' });

const HEADERS: Readonly<Record<WebhookOutcome, Readonly<Record<string, string>>>> = {
  processed: JSON_ONLY,
  stored: JSON_ONLY,
  duplicate: JSON_ONLY,
  in_progress: RETRY_LATER,
  invalid_signature: JSON_ONLY,
  invalid_payload: JSON_ONLY,
  stale_event: JSON_ONLY,
  payload_too_large: JSON_ONLY,
  read_timeout: JSON_ONLY,
  method_not_allowed: POST_ONLY,
  handler_error: JSON_ONLY,
  store_error: RETRY_LATER,
  configuration_error: JSON_ONLY,
};

const OK_BODY = '{"received":true}';
const DUPLICATE_BODY = '{"received":true,"duplicate":true}';

function bodyOf(outcome: WebhookOutcome, message?: string, code?: WebhookVerificationErrorCode): string {
  if (outcome === 'processed' || outcome === 'stored') return OK_BODY;
  if (outcome === 'duplicate') return DUPLICATE_BODY;
  return JSON.stringify({
    error: outcome,
    ...(code === undefined ? {} : { code }),
    ...(message === undefined ? {} : { message }),
  });
}

/** @internal Builds the answer for an outcome; `message` must never hold a secret. */
export function respond(
  outcome: WebhookOutcome,
  message?: string,
  event?: WebhookEvent | UnknownWebhookEvent,
  code?: WebhookVerificationErrorCode,
): WebhookReceiverResult {
  const status = STATUS[outcome];
  const headers = HEADERS[outcome];
  const body = bodyOf(outcome, message, code);
  return event === undefined ? { status, headers, body, outcome } : { status, headers, body, outcome, event };
}

/** @internal The message of a 408: what the deadline was, so a slow sender can tell. */
export function readTimeoutMessage(readTimeout: number): string {
  return `The request body was not fully received within readTimeout (${readTimeout} ms).`;
}

const NOT_AUTHENTIC: ReadonlySet<WebhookVerificationErrorCode> = /* @__PURE__ */ new Set([
  'missing_signature',
  'malformed_signature',
  'signature_mismatch',
]);

/**
 * @internal The answer to a refused delivery: 401 when it is not authentic, else 400. The body
 * names the code, and for an authentic delivery the message too (what was wrong with the event);
 * for a signature failure the code says all there is to say.
 */
export function refuse(error: WebhookVerificationError): WebhookReceiverResult {
  if (NOT_AUTHENTIC.has(error.code)) return respond('invalid_signature', undefined, undefined, error.code);
  return respond(error.code === 'stale_event' ? 'stale_event' : 'invalid_payload', error.message, undefined, error.code);
}
