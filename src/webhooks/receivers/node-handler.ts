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
import { resolveOptions, type WebhookReceiverOptions } from './receiver-options.js';
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
  | { problem: 'too_large' | 'timeout' }
  | { problem: 'configuration'; message: string };

const encoder = /* @__PURE__ */ new TextEncoder();

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0 && !Array.isArray(value);
}

function readNodeBody(req: NodeWebhookRequest, limit: number, readTimeout: number): BodyRead | Promise<BodyRead> {
  const { body } = req;
  if (typeof body === 'string' || body instanceof Uint8Array) return { body };
  // Express 4's parsers set `{}` even for a content type they skip; the stream is then unread.
  const skipped = isEmptyObject(body) && !req.readableEnded;
  if (body !== undefined && body !== null && !skipped) return { problem: 'configuration', message: PARSED_BODY };
  // Reading an ended stream would wait forever; say what went wrong instead.
  if (req.readableEnded) return { problem: 'configuration', message: STREAM_CONSUMED };
  const declared = Number(req.headers['content-length']);
  // Stryker disable next-line ObjectLiteral: the handler answers 413 to any problem but a timeout, so `{}` reads the same.
  if (declared > limit) return { problem: 'too_large' };
  return readStream(req, limit, readTimeout, declared);
}

/**
 * Collects the stream's bytes until it ends, it passes `limit`, or `readTimeout` passes. Listeners,
 * not async iteration: leaving a `for await` destroys the request, and with it the socket the 413 or
 * 408 must still be written to. Once settled, every listener and the timer are gone and the chunks
 * are dropped; whatever else the sender writes flows past unread until the answer closes the connection.
 *
 * The deadline is armed a microtask later, and only if by then the body is not wholly received (all
 * its Content-Length, or the request `complete`) or the stream does not flow: a body that came in
 * the packets of its headers (nearly every delivery) is in memory once the socket's read has been
 * parsed, and its end needs no timer. Arming and clearing one cost about 1 µs per delivery, a tenth
 * of what the receiver added to node:http's own work. A body still on the wire gets the full
 * `readTimeout`, counted from that microtask.
 */
function readStream(req: IncomingMessage, limit: number, readTimeout: number, declared: number): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    let stop: (() => void) | undefined;
    let settled = false;
    const settle = (result: BodyRead | undefined, error?: unknown) => {
      settled = true;
      stop?.();
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      if (result) resolve(result);
      else reject(error);
    };
    const onData = (chunk: Uint8Array | string) => {
      const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
      size += bytes.byteLength;
      if (size > limit) settle({ problem: 'too_large' });
      else chunks.push(bytes);
    };
    const onEnd = () => settle({ body: concatBytes(chunks, size) });
    const onError = (error: unknown) => settle(undefined, error);
    const onClose = () => settle(undefined, new Error('The request closed before its body ended.'));
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
    queueMicrotask(() => {
      // All of a Content-Length body read means its end is parsed, though node:http sets `complete`
      // only after this microtask. A stream another middleware paused may never end.
      const received = req.complete || size === declared;
      if (!settled && !(received && req.readableFlowing)) {
        stop = startDeadline(readTimeout, () => settle({ problem: 'timeout' }));
      }
    });
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
  options: WebhookReceiverOptions<Db>,
): (req: NodeWebhookRequest, res: ServerResponse) => Promise<void> {
  const resolved = resolveOptions(options, 'createNodeWebhookHandler');
  const { maxBodyBytes, readTimeout, onError } = resolved;
  // node:crypto's HMAC is synchronous and about 5 times cheaper than Web Crypto's at 1 KB; the Web
  // Crypto path stays for a runtime that runs Node's (req, res) API without node:crypto.
  const receive = receiverFor(options, resolved, loadNodeCrypto() ? constructWebhookEvent : constructWebhookEventAsync);

  return async function handleWebhook(req, res) {
    if (req.method !== 'POST') return send(res, respond('method_not_allowed'));
    let read = readNodeBody(req, maxBodyBytes, readTimeout);
    if (isThenable(read)) {
      try {
        read = await read;
      } catch {
        return send(res, respond('invalid_payload', 'The request body could not be read.'));
      }
    }
    if ('body' in read) {
      const answer = receive({ body: read.body, signature: req.headers[WEBHOOK_SIGNATURE_HEADER] });
      send(res, isThenable(answer) ? await answer : answer);
    } else if (read.problem === 'configuration') {
      onError(new TypeError(read.message));
      send(res, respond('configuration_error', read.message));
    } else {
      // The rest of the upload is not wanted; closing after the answer stops it.
      res.setHeader('connection', 'close');
      send(
        res,
        read.problem === 'timeout' ? respond('read_timeout', readTimeoutMessage(readTimeout)) : respond('payload_too_large'),
      );
    }
  };
}
