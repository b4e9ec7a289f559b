// The Node `(req, res)` receiver, for Express, Fastify and plain node:http. Node types only:
// it reads the stream through its events and loads no `node:*` module at import time
// (node:crypto comes through process.getBuiltinModule, as for verifyWebhookSignature).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { WEBHOOK_SIGNATURE_HEADER } from '../constants.js';
import { concatBytes } from '../../utils/bytes.js';
import { isThenable } from '../../utils/thenable.js';
import { startDeadline } from './read-deadline.js';
import { constructWebhookEvent } from '../events/construct.js';
import { constructWebhookEventAsync } from '../events/construct-async.js';
import { loadNodeCrypto } from '../verification/verify-node.js';
import { receiverFor } from './receiver.js';
import { resolveOptions, type WebhookInboxReceiverOptions, type WebhookReceiverOptions } from './receiver-options.js';
import { readTimeoutMessage, respond, type WebhookReceiverResult } from './receiver-result.js';

/**
 * The request a Node webhook handler accepts: a plain `IncomingMessage`, or one on
 * which a raw body parser (`express.raw`) left the bytes in `body`.
 *
 * @example
 * ```ts
 * import type { NodeWebhookRequest } from 'credit-platform/webhooks';
 * function fromExpress(req: import('express').Request): NodeWebhookRequest { return req; }
 * ```
 */
export type NodeWebhookRequest = IncomingMessage & {
  /** The raw bytes or string a raw body parser left here; a parsed object is refused with a clear error. */
  body?: unknown;
};

const PARSED_BODY =
  'createNodeWebhookHandler: req.body is already a parsed object, so the raw bytes the signature covers are gone. ' +
  'Register the webhook route before any app-wide `express.json()`, so the handler reads the raw stream itself ' +
  "(within readTimeout), or give the route the raw body: `app.post('/webhooks', express.raw({ type: 'application/json' }), handler)`.";

const STREAM_CONSUMED =
  'createNodeWebhookHandler: the request stream was already read by another middleware and req.body holds no raw ' +
  "bytes. Mount the handler before body parsers, or give the route `express.raw({ type: 'application/json' })`.";

type BodyRead =
  | { body: Uint8Array | string }
  | { problem: 'too_large' | 'timeout' | 'unreadable' }
  | { problem: 'configuration'; message: string };

const encoder = /* @__PURE__ */ new TextEncoder();
// What a handler that answered without waiting returns: its callers may still `await` it.
const ANSWERED: Promise<void> = /* @__PURE__ */ Promise.resolve();

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0 && !Array.isArray(value);
}

/** The body a parser left in `req.body`, or why there is none to read; `undefined`: read the stream. */
function bodyAtHand(req: NodeWebhookRequest, limit: number): BodyRead | undefined {
  const { body } = req;
  if (typeof body === 'string' || body instanceof Uint8Array) return { body };
  // Express 4's parsers set `{}` even for a content type they skip; the stream is then unread.
  const skipped = isEmptyObject(body) && !req.readableEnded;
  if (body !== undefined && body !== null && !skipped) return { problem: 'configuration', message: PARSED_BODY };
  // Reading an ended stream would wait forever; say what went wrong instead.
  if (req.readableEnded) return { problem: 'configuration', message: STREAM_CONSUMED };
  // Stryker disable next-line ObjectLiteral: the handler answers 413 to any problem but a timeout, so `{}` reads the same.
  if (Number(req.headers['content-length']) > limit) return { problem: 'too_large' };
  return undefined;
}

/**
 * Collects the stream's bytes until it ends, it passes `limit`, it breaks (an error, or closed before
 * its end), or `readTimeout` passes, and hands `done` what came of it, once. Listeners, not async
 * iteration: leaving a `for await` destroys the request, and with it the socket the 413 or 408 must
 * still be written to. Settled short of the end, every listener and the timer are gone and the
 * chunks are dropped; whatever else the sender writes flows past unread until the answer closes the
 * connection.
 * A callback, not a promise: the answer is written in the same turn as the body's end, without a
 * promise and an `await` between them.
 *
 * The deadline is armed a microtask later, and only if by then the body is not wholly received (all
 * its Content-Length, or the request `complete`) or the stream does not flow: a body that came in
 * the packets of its headers (nearly every delivery) is in memory once the socket's read has been
 * parsed, and its end needs no timer. Arming and clearing one cost about 1 µs per delivery, a tenth
 * of what the receiver added to node:http's own work. A body still on the wire gets the full
 * `readTimeout`, counted from that microtask.
 */
function readStream(req: IncomingMessage, limit: number, readTimeout: number, done: (read: BodyRead) => void): void {
  const declared = Number(req.headers['content-length']);
  const chunks: Uint8Array[] = [];
  let size = 0;
  let stop: (() => void) | undefined;
  let settled = false;
  const finish = (read: BodyRead) => {
    settled = true;
    stop?.();
    done(read);
  };
  // Short of its end, the stream may go on emitting: nothing of it is wanted. node:http emits the
  // close right after the end, while the answer may still be pending: it must not count then.
  const settle = (read: BodyRead) => {
    if (settled) return;
    req.off('data', onData).off('end', onEnd).off('error', onBroken).off('close', onBroken);
    finish(read);
  };
  const onData = (chunk: Uint8Array | string) => {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    size += bytes.byteLength;
    if (size > limit) settle({ problem: 'too_large' });
    else chunks.push(bytes);
  };
  // After its end a request emits nothing but its close, so its listeners are left to go with it:
  // taking the four off measured 0.5 µs per delivery, a third of what reading the body costs here.
  const onEnd = () => finish({ body: concatBytes(chunks, size) });
  // An error, or a close before the end: nothing of what came is worth keeping.
  const onBroken = () => settle({ problem: 'unreadable' });
  req.on('data', onData).on('end', onEnd).on('error', onBroken).on('close', onBroken);
  queueMicrotask(() => {
    // All of a Content-Length body read means its end is parsed, though node:http sets `complete`
    // only after this microtask. A stream another middleware paused may never end.
    const received = req.complete || size === declared;
    if (!settled && !(received && req.readableFlowing)) {
      stop = startDeadline(readTimeout, () => settle({ problem: 'timeout' }));
    }
  });
}

function send(res: ServerResponse, result: WebhookReceiverResult): void {
  if (res.headersSent) return;
  res.writeHead(result.status, result.headers);
  res.end(result.body);
}

/**
 * A Node `(req, res)` webhook receiver for Express, Fastify and plain `node:http`: reads the
 * raw body from the stream (or from `req.body` when `express.raw` put a Buffer there),
 * verifies (on `node:crypto`, synchronously, where `process.getBuiltinModule` gives it; else on
 * Web Crypto), de-duplicates by event id and runs your typed callback. A body already
 * parsed by `express.json()` is a configuration error (500, reported to `onError`,
 * with a message naming `express.raw`), not a hang and not a silent 401. Never rejects.
 *
 * Reading the stream itself, it applies `readTimeout` (default 10 s): a body not received by then
 * is answered 408 with `Connection: close`, and no callback runs (a body that came with its headers
 * needs no timer, and gets none). So mount it where it gets the
 * unread stream: before any app-wide `express.json()` in Express; in Fastify, behind a
 * content-type parser that leaves the stream alone (see `examples/webhooks/fastify.ts`). Every
 * refused delivery is reported to `onRejected` (default: one `console.warn` line with its code).
 *
 * @param options - Secret, callbacks per event type, de-duplication store, error reporting, `readTimeout`, `onRejected`.
 * @returns The handler; status codes as in `createWebhookReceiver`, plus 408 past `readTimeout`.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { createNodeWebhookHandler } from 'credit-platform/webhooks';
 *
 * declare function remind(overdue: object): Promise<void>; // your own
 * const app = express();
 * // Before express.json(): the handler reads the raw stream itself, within readTimeout.
 * app.post('/webhooks', createNodeWebhookHandler({
 *   secret: process.env.WEBHOOK_SECRET!,
 *   on: { 'payment.overdue': async (event) => { await remind(event.data); } },
 *   onRejected: (error) => console.warn('webhook refused:', error.code),
 * }));
 * app.use(express.json()); // other routes may parse JSON
 * ```
 */
export function createNodeWebhookHandler<Db = never>(
  options: WebhookReceiverOptions<Db> | WebhookInboxReceiverOptions,
): (req: NodeWebhookRequest, res: ServerResponse) => Promise<void> {
  const resolved = resolveOptions(options, 'createNodeWebhookHandler');
  const { maxBodyBytes, readTimeout, onError } = resolved;
  // node:crypto's HMAC is synchronous and about 5 times cheaper than Web Crypto's at 1 KB; the Web
  // Crypto path stays for a runtime that runs Node's (req, res) API without node:crypto.
  const receive = receiverFor(options, resolved, loadNodeCrypto() ? constructWebhookEvent : constructWebhookEventAsync);

  // Answers a read body, or why there is none; a promise only while the store or callback is pending.
  function answer(req: NodeWebhookRequest, res: ServerResponse, read: BodyRead): Promise<void> | undefined {
    if ('body' in read) {
      const result = receive({ body: read.body, signature: req.headers[WEBHOOK_SIGNATURE_HEADER] });
      if (isThenable(result)) return result.then((settled) => send(res, settled));
      send(res, result);
    } else if (read.problem === 'configuration') {
      onError(new TypeError(read.message));
      send(res, respond('configuration_error', read.message));
    } else if (read.problem === 'unreadable') {
      send(res, respond('invalid_payload', 'The request body could not be read.'));
    } else {
      // The rest of the upload is not wanted; closing after the answer stops it.
      res.setHeader('connection', 'close');
      send(
        res,
        read.problem === 'timeout' ? respond('read_timeout', readTimeoutMessage(readTimeout)) : respond('payload_too_large'),
      );
    }
    return undefined;
  }

  return function handleWebhook(req, res) {
    try {
      if (req.method !== 'POST') {
        send(res, respond('method_not_allowed'));
        return ANSWERED;
      }
      const read = bodyAtHand(req, maxBodyBytes);
      if (read !== undefined) return answer(req, res, read) ?? ANSWERED;
    } catch (error) {
      // As from an async function: a throw rejects the promise, whichever way the body came.
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      readStream(req, maxBodyBytes, readTimeout, (body) => {
        // Settled inside a stream event: a throw there would be the process's, not this promise's.
        try {
          resolve(answer(req, res, body));
        } catch (error) {
          reject(error);
        }
      });
    });
  };
}
