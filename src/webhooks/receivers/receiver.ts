// The framework-neutral core of the receivers: verify, parse, de-duplicate, run the
// callback, and decide the HTTP answer. Web Crypto only, so it runs anywhere.
import { constructWebhookEventAsync } from '../events/construct-async.js';
import type { WebhookClaim } from '../stores/dedup-store.js';
import { isThenable } from '../../utils/thenable.js';
import { WebhookVerificationError } from '../errors.js';
import type { UnknownWebhookEvent, WebhookEvent } from '../events/events.js';
import type { ConstructWebhookEventOptions } from '../events/freshness.js';
import type { WebhookPayload, WebhookSecret, WebhookSignatureHeader } from '../inputs.js';
import { withLeaseRenewal } from './lease-renewal.js';
import { tracedReceiver } from '../tracing/delivery-tracing.js';
import { logNotRun } from './receiver-logger.js';
import {
  type ResolvedReceiverOptions,
  resolveOptions,
  type WebhookInboxReceiverOptions,
  type WebhookReceiverOptions,
} from './receiver-options.js';
import { receiveIntoInbox } from '../inbox/into-inbox.js';
import { refuse, respond, type WebhookReceiverResult } from './receiver-result.js';
import { isTransactionalStore } from '../stores/transactional-store.js';
import type { WebhookHandlerContext } from './handler-context.js';
import { receiveInTransaction } from './transactional.js';

/**
 * A delivery as a framework hands it over: the raw body and the signature header.
 *
 * @example
 * ```ts
 * import type { WebhookReceiverInput } from 'credit-platform/webhooks';
 * const input: WebhookReceiverInput = { body: req.body, signature: req.headers['x-webhook-signature'] };
 * ```
 */
export interface WebhookReceiverInput {
  /** The raw request body, exactly as received (bytes or string, never parsed JSON). */
  readonly body: WebhookPayload;
  /** The `x-webhook-signature` header as the framework gives it (missing, repeated or malformed is fine). */
  readonly signature: WebhookSignatureHeader;
}

function byteLength(body: WebhookPayload): number {
  // UTF-8 length is at most 3 bytes per UTF-16 unit; exact counting is not needed for a limit.
  return typeof body === 'string' ? body.length : body.byteLength;
}

// The context of callbacks under a store without transactions: nothing but the event.
const NO_DB: WebhookHandlerContext = /* @__PURE__ */ Object.freeze({});

function dispatch<Db>(
  options: WebhookReceiverOptions<Db> | WebhookInboxReceiverOptions,
  event: WebhookEvent | UnknownWebhookEvent,
  context: WebhookHandlerContext<Db> = NO_DB as WebhookHandlerContext<Db>,
): unknown {
  if (event.type === 'unknown') return options.onUnknownEvent?.(event, context);
  const callback = options.on?.[event.type] as ((event: WebhookEvent, context: WebhookHandlerContext<Db>) => unknown) | undefined;
  return callback?.(event, context);
}

/**
 * The framework-neutral receiver: give it the raw body and the signature header,
 * get back the HTTP answer to send. Use it where neither the Fetch handler nor the
 * Node adapter fits (Koa, a queue consumer, a framework that has read the body). Never rejects.
 *
 * With `inbox` in place of `on` ({@link WebhookInboxReceiverOptions}), it stores each verified event
 * in the inbox and answers 200 (`stored`) once that has committed; your handlers run from the inbox.
 *
 * Answers: 200 processed, stored or duplicate; 400 authentic but invalid body, or `stale_event` (signed
 * longer ago than `maxEventAge`, or more than 5 minutes ahead: a replay); 401 missing or
 * wrong signature; 413 body too large; 503 with `Retry-After` while the same event is
 * being handled, or when the store failed or is full; 500 when the callback throws (the claim is
 * released so the service's retry runs it again) or the receiver is misconfigured. Every 401 and
 * 400 names the refusal's `code` in its body (`{"error":"invalid_signature","code":"signature_mismatch"}`)
 * and is reported once to `onRejected`.
 *
 * It is handed a body already read, so `readTimeout` does not apply: the deadline for receiving
 * the body is the framework's. Fastify sets none by default (its `requestTimeout` is 0), hence the
 * `requestTimeout` below; `examples/webhooks/fastify.ts` hands the unread stream to
 * `createNodeWebhookHandler` instead, which applies `readTimeout` itself.
 *
 * @param options - Secret, callbacks, de-duplication store (or an `inbox` instead of both), error reporting.
 * @returns `receive(input)`, resolving to `{ status, headers, body, outcome }`.
 *
 * @example
 * ```ts
 * import Fastify from 'fastify';
 * import { createWebhookReceiver } from 'credit-platform/webhooks';
 *
 * const app = Fastify({ requestTimeout: 10_000 });
 * const receive = createWebhookReceiver({
 *   secret: process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!,
 *   on: { 'payment.received': async (event) => { console.log('payment', event.id, event.data); } },
 * });
 * // In a plugin of its own, this route gets the raw bytes; other routes keep Fastify's JSON parser.
 * app.register(async (scope) => {
 *   scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
 *   scope.post('/webhooks', async (request, reply) => {
 *     const result = await receive({ body: request.body as Buffer, signature: request.headers['x-webhook-signature'] });
 *     return reply.code(result.status).headers(result.headers).send(result.body);
 *   });
 * });
 * ```
 */
export function createWebhookReceiver<Db = never>(
  options: WebhookReceiverOptions<Db> | WebhookInboxReceiverOptions,
): (input: WebhookReceiverInput) => Promise<WebhookReceiverResult> {
  const receive = receiverFor(options, resolveOptions(options, 'createWebhookReceiver'));
  return async (input) => receive(input);
}

/**
 * @internal How a receiver verifies and parses a delivery: `constructWebhookEventAsync` (Web Crypto,
 * any runtime) unless the handler knows it runs where node:crypto's synchronous twin is cheaper.
 */
export type ConstructEvent = (
  payload: WebhookPayload,
  signature: WebhookSignatureHeader,
  secret: WebhookSecret,
  options: ConstructWebhookEventOptions,
) => WebhookEvent | UnknownWebhookEvent | Promise<WebhookEvent | UnknownWebhookEvent>;

/** @internal An answer, or the promise of one while a store, Web Crypto or a callback is pending. */
export type ReceiverAnswer = WebhookReceiverResult | Promise<WebhookReceiverResult>;

/**
 * @internal The receiver, for options the caller (a handler) has resolved under its own name.
 * It waits only for what is pending: with node:crypto and the memory store, a duplicate is
 * verified, parsed, looked up and answered in one synchronous pass, without a microtask turn.
 * Never throws, and the promise it may return never rejects.
 */
export function receiverFor<Db>(
  options: WebhookReceiverOptions<Db> | WebhookInboxReceiverOptions,
  resolved: ResolvedReceiverOptions,
  construct: ConstructEvent = constructWebhookEventAsync,
): (input: WebhookReceiverInput) => ReceiverAnswer {
  const { store, onError, inbox } = resolved;
  const constructOptions: ConstructWebhookEventOptions = { maxEventAge: resolved.maxEventAge };

  function rejected(error: WebhookVerificationError): WebhookReceiverResult {
    // The JSON parser's error, kept as `cause`, quotes the body: onRejected gets neither.
    const reported = error.cause === undefined ? error : new WebhookVerificationError(error.code, error.message);
    try {
      resolved.onRejected(reported);
    } catch (callbackError) {
      onError(callbackError);
    }
    return refuse(error);
  }

  function notConstructed(error: unknown): WebhookReceiverResult {
    if (error instanceof WebhookVerificationError) return rejected(error);
    onError(error);
    return respond('configuration_error', error instanceof TypeError ? error.message : undefined);
  }

  function storeFailed(error: unknown, event: WebhookEvent | UnknownWebhookEvent): WebhookReceiverResult {
    // A failing or full store: the service's retry may find it working again.
    onError(error, event);
    return respond('store_error', undefined, event);
  }

  function claimed(event: WebhookEvent | UnknownWebhookEvent, body: WebhookPayload): ReceiverAnswer {
    // An inbox stores the event and the answer follows at once; the handlers run from the inbox.
    if (inbox !== undefined) return receiveIntoInbox(inbox, event, body, onError);
    // A transactional store records the id in the handler's own transaction: no claim, no lease.
    if (isTransactionalStore(store)) {
      return receiveInTransaction(store, event, onError, (db) => dispatch(options, event, { db } as WebhookHandlerContext<Db>));
    }
    // Claimed only after verification, so a forged request cannot poison the store.
    let claim: WebhookClaim | Promise<WebhookClaim>;
    try {
      claim = store.claim(event.id);
    } catch (error) {
      return storeFailed(error, event);
    }
    if (isThenable(claim)) {
      return claim.then(
        (got) => afterClaim(event, got),
        (error: unknown) => storeFailed(error, event),
      );
    }
    return afterClaim(event, claim);
  }

  function afterClaim(event: WebhookEvent | UnknownWebhookEvent, claim: WebhookClaim): ReceiverAnswer {
    if (claim !== 'claimed') {
      try {
        logNotRun(resolved.logger, event, claim);
      } catch (error) {
        // A logger that throws is a failure to report, not a reason to withhold the answer.
        onError(error, event);
      }
    }
    if (claim === 'completed') return respond('duplicate', undefined, event);
    if (claim === 'in_progress') return respond('in_progress', undefined, event);
    return run(event);
  }

  async function run(event: WebhookEvent | UnknownWebhookEvent): Promise<WebhookReceiverResult> {
    try {
      await withLeaseRenewal(
        store,
        event.id,
        () => dispatch(options, event),
        (error) => onError(error, event),
      );
    } catch (error) {
      onError(error, event);
      await Promise.resolve()
        .then(() => store.release(event.id))
        .catch((releaseError: unknown) => onError(releaseError, event));
      return respond('handler_error', undefined, event);
    }
    try {
      await store.complete(event.id);
    } catch (error) {
      // The work is done; a 5xx would make the service run it again.
      onError(error, event);
    }
    return respond('processed', undefined, event);
  }

  return tracedReceiver(function receive({ body, signature }) {
    let constructed: ReturnType<ConstructEvent>;
    try {
      if (byteLength(body) > resolved.maxBodyBytes) return respond('payload_too_large');
      constructed = construct(body, signature, options.secret, constructOptions);
    } catch (error) {
      return notConstructed(error);
    }
    return isThenable(constructed)
      ? constructed.then((event) => claimed(event, body), notConstructed)
      : claimed(constructed, body);
  });
}
