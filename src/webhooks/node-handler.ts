// The Node `(req, res)` receiver, for Express and plain node:http. Node types only:
// it reads the stream through async iteration and needs no `node:*` module at run time.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { concatBytes } from './read-body.js';
import { WEBHOOK_SIGNATURE_HEADER } from './constants.js';
import { createWebhookReceiver, resolveOptions, type WebhookReceiverOptions } from './receiver.js';
import { respond, type WebhookReceiverResult } from './receiver-result.js';

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
  "Give the webhook route the raw body: `app.post('/webhooks', express.raw({ type: 'application/json' }), handler)`, " +
  'and register it before any app-wide `express.json()`.';

const STREAM_CONSUMED =
  'createNodeWebhookHandler: the request stream was already read by another middleware and req.body holds no raw ' +
  "bytes. Mount the handler before body parsers, or give the route `express.raw({ type: 'application/json' })`.";

type BodyRead = { body: Uint8Array | string } | { problem: 'too_large' } | { problem: 'configuration'; message: string };

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0 && !Array.isArray(value);
}

async function readNodeBody(req: NodeWebhookRequest, limit: number): Promise<BodyRead> {
  const { body } = req;
  if (typeof body === 'string' || body instanceof Uint8Array) return { body };
  // Express 4's parsers set `{}` even for a content type they skip; the stream is then unread.
  const skipped = isEmptyObject(body) && !req.readableEnded;
  if (body !== undefined && body !== null && !skipped) return { problem: 'configuration', message: PARSED_BODY };
  // Reading an ended stream would wait forever; say what went wrong instead.
  if (req.readableEnded) return { problem: 'configuration', message: STREAM_CONSUMED };
  if (Number(req.headers['content-length']) > limit) return { problem: 'too_large' };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Uint8Array | string>) {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    size += bytes.byteLength;
    if (size > limit) return { problem: 'too_large' };
    chunks.push(bytes);
  }
  return { body: concatBytes(chunks, size) };
}

function send(res: ServerResponse, result: WebhookReceiverResult): void {
  if (res.headersSent) return;
  res.writeHead(result.status, result.headers);
  res.end(result.body);
}

/**
 * A Node `(req, res)` webhook receiver for Express and plain `node:http`: reads the
 * raw body from the stream (or from `req.body` when `express.raw` put a Buffer there),
 * verifies, de-duplicates by event id and runs your typed callback. A body already
 * parsed by `express.json()` is a configuration error (500, reported to `onError`,
 * with a message naming `express.raw`), not a hang and not a silent 401. Never rejects.
 *
 * @param options - Secret, callbacks per event type, de-duplication store, error reporting.
 * @returns The handler; status codes as in `createWebhookReceiver`.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { createNodeWebhookHandler } from 'credit-platform/webhooks';
 *
 * const app = express();
 * app.post('/webhooks', express.raw({ type: 'application/json' }), createNodeWebhookHandler({
 *   secret: process.env.WEBHOOK_SECRET!,
 *   on: { 'payment.overdue': async (event) => { await remind(event.data); } },
 * }));
 * app.use(express.json()); // other routes may parse JSON
 * ```
 */
export function createNodeWebhookHandler(
  options: WebhookReceiverOptions,
): (req: NodeWebhookRequest, res: ServerResponse) => Promise<void> {
  const { maxBodyBytes, onError } = resolveOptions(options, 'createNodeWebhookHandler');
  const receive = createWebhookReceiver(options);

  return async function handleWebhook(req, res) {
    if (req.method !== 'POST') return send(res, respond('method_not_allowed'));
    let read: BodyRead;
    try {
      read = await readNodeBody(req, maxBodyBytes);
    } catch {
      return send(res, respond('invalid_payload', 'The request body could not be read.'));
    }
    if ('body' in read) {
      send(res, await receive({ body: read.body, signature: req.headers[WEBHOOK_SIGNATURE_HEADER] }));
    } else if (read.problem === 'too_large') {
      // The rest of the upload is not wanted; closing after the answer stops it.
      res.setHeader('connection', 'close');
      send(res, respond('payload_too_large'));
    } else {
      onError(new TypeError(read.message));
      send(res, respond('configuration_error', read.message));
    }
  };
}
