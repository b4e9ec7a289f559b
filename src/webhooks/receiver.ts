// The framework-neutral core of the receivers: verify, parse, de-duplicate, run the
// callback, and decide the HTTP answer. Web Crypto only, so it runs anywhere.
import { constructWebhookEventAsync } from './construct-async.js';
import { checkMaxEventAge } from './freshness.js';
import { createMemoryDedupStore, type WebhookClaim, type WebhookDedupStore } from './dedup-store.js';
import { WebhookVerificationError } from './errors.js';
import type { WebhookEventType } from './event-types.js';
import type { UnknownWebhookEvent, WebhookEvent, WebhookEventOf } from './events.js';
import { checkSecret, type WebhookPayload, type WebhookSecret, type WebhookSignatureHeader } from './inputs.js';
import { respond, type WebhookReceiverResult } from './receiver-result.js';

/**
 * A callback per known event type; each receives its exactly typed event.
 *
 * @example
 * ```ts
 * import type { WebhookEventHandlers } from 'credit-platform/webhooks';
 * const on: WebhookEventHandlers = {
 *   'deposit.created': async (event) => { await credit(event.data.depositId, event.data.amount); },
 * };
 * ```
 */
export type WebhookEventHandlers = {
  readonly [T in WebhookEventType]?: (event: WebhookEventOf<T>) => unknown;
};

/**
 * Options shared by `createWebhookReceiver`, `createWebhookHandler` and
 * `createNodeWebhookHandler`.
 *
 * @example
 * ```ts
 * import type { WebhookReceiverOptions } from 'credit-platform/webhooks';
 * const options: WebhookReceiverOptions = {
 *   secret: process.env.WEBHOOK_SECRET!,
 *   on: { 'score.updated': (event) => console.log(event.data) },
 *   onUnknownEvent: (event) => console.warn('new event type', event.rawType),
 * };
 * ```
 */
export interface WebhookReceiverOptions {
  /** The subscription secret, or a list while rotating. */
  readonly secret: WebhookSecret;
  /** Callbacks per event type. A known type without a callback is acknowledged. */
  readonly on?: WebhookEventHandlers;
  /** Called for event types this SDK version does not know; acknowledged if absent. */
  readonly onUnknownEvent?: (event: UnknownWebhookEvent) => unknown;
  /** Where event ids are recorded. Default: `createMemoryDedupStore()` (72 h, one process). */
  readonly store?: WebhookDedupStore;
  /** Told about failures answered with 5xx (callback threw, store failed, misconfiguration). Default: `console.error`. */
  readonly onError?: (error: unknown, event?: WebhookEvent | UnknownWebhookEvent) => void;
  /** Largest body read, in bytes; larger ones get 413. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /**
   * The oldest signed `timestamp` accepted, in ms; older (or more than 5 minutes ahead) is
   * answered 400 `stale_event`. Default 72 h: keep it no longer than the store remembers ids.
   * `Infinity` turns it off.
   */
  readonly maxEventAge?: number;
}

/**
 * A delivery as a framework hands it over: the raw body and the signature header.
 *
 * @example
 * ```ts
 * import type { WebhookReceiverInput } from 'credit-platform/webhooks';
 * const input: WebhookReceiverInput = { body: request.body as Buffer, signature: request.headers['x-webhook-signature'] };
 * ```
 */
export interface WebhookReceiverInput {
  /** The raw request body, exactly as received (bytes or string, never parsed JSON). */
  readonly body: WebhookPayload;
  /** The `x-webhook-signature` header as the framework gives it (missing, repeated or malformed is fine). */
  readonly signature: WebhookSignatureHeader;
}

/** @internal Defaults resolved once per receiver. */
export interface ResolvedReceiverOptions {
  readonly maxBodyBytes: number;
  readonly maxEventAge: number;
  readonly onError: (error: unknown, event?: WebhookEvent | UnknownWebhookEvent) => void;
}

/** @internal */
export function resolveOptions(options: WebhookReceiverOptions, fn: string): ResolvedReceiverOptions {
  // Fail at start-up, not on the first delivery, when the secret is not configured.
  checkSecret(options.secret, fn);
  return {
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    maxEventAge: checkMaxEventAge(options.maxEventAge, fn),
    onError: options.onError ?? ((error) => console.error('[credit-platform/webhooks]', error)),
  };
}

function byteLength(body: WebhookPayload): number {
  // UTF-8 length is at most 3 bytes per UTF-16 unit; exact counting is not needed for a limit.
  return typeof body === 'string' ? body.length : body.byteLength;
}

function dispatch(options: WebhookReceiverOptions, event: WebhookEvent | UnknownWebhookEvent): unknown {
  if (event.type === 'unknown') return options.onUnknownEvent?.(event);
  const callback = options.on?.[event.type] as ((event: WebhookEvent) => unknown) | undefined;
  return callback?.(event);
}

/**
 * The framework-neutral receiver: give it the raw body and the signature header,
 * get back the HTTP answer to send. Use it where neither the Fetch handler nor the
 * Node adapter fits (Fastify, Koa, a queue consumer). Never rejects.
 *
 * Answers: 200 processed or duplicate; 400 authentic but invalid body, or `stale_event` (signed
 * longer ago than `maxEventAge`, or more than 5 minutes ahead: a replay); 401 missing or
 * wrong signature; 413 body too large; 503 with `Retry-After` while the same event is
 * being handled; 500 when the callback throws (the claim is released so the
 * service's retry runs it again) or the receiver is misconfigured.
 *
 * @param options - Secret, callbacks, de-duplication store, error reporting.
 * @returns `receive(input)`, resolving to `{ status, headers, body, outcome }`.
 *
 * @example
 * ```ts
 * import Fastify from 'fastify';
 * import { createWebhookReceiver } from 'credit-platform/webhooks';
 *
 * const receive = createWebhookReceiver({ secret: process.env.WEBHOOK_SECRET!, on: { 'payment.received': handlePayment } });
 * app.post('/webhooks', async (request, reply) => {
 *   const result = await receive({ body: request.body as Buffer, signature: request.headers['x-webhook-signature'] });
 *   return reply.code(result.status).headers(result.headers).send(result.body);
 * });
 * ```
 */
export function createWebhookReceiver(
  options: WebhookReceiverOptions,
): (input: WebhookReceiverInput) => Promise<WebhookReceiverResult> {
  const resolved = resolveOptions(options, 'createWebhookReceiver');
  const store = options.store ?? createMemoryDedupStore();

  return async function receive({ body, signature }) {
    let event: WebhookEvent | UnknownWebhookEvent;
    try {
      if (byteLength(body) > resolved.maxBodyBytes) return respond('payload_too_large');
      event = await constructWebhookEventAsync(body, signature, options.secret, { maxEventAge: resolved.maxEventAge });
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) {
        resolved.onError(error);
        return respond('configuration_error', error instanceof TypeError ? error.message : undefined);
      }
      if (error.code === 'stale_event') return respond('stale_event', error.message);
      const authentic = error.code === 'invalid_json' || error.code === 'invalid_envelope';
      return authentic ? respond('invalid_payload', error.message) : respond('invalid_signature');
    }
    // Claimed only after verification, so a forged request cannot poison the store.
    let claim: WebhookClaim;
    try {
      claim = await store.claim(event.id);
    } catch (error) {
      resolved.onError(error, event);
      return respond('store_error', undefined, event);
    }
    if (claim === 'completed') return respond('duplicate', undefined, event);
    if (claim === 'in_progress') return respond('in_progress', undefined, event);
    try {
      await dispatch(options, event);
    } catch (error) {
      resolved.onError(error, event);
      await Promise.resolve()
        .then(() => store.release(event.id))
        .catch((releaseError: unknown) => resolved.onError(releaseError, event));
      return respond('handler_error', undefined, event);
    }
    try {
      await store.complete(event.id);
    } catch (error) {
      // The work is done; a 5xx would make the service run it again.
      resolved.onError(error, event);
    }
    return respond('processed', undefined, event);
  };
}
