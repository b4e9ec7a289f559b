// The Fetch-style receiver: Next.js route handlers, Hono, Bun, Deno, workers.
// Web Crypto only; no `node:*` import.
import { WEBHOOK_SIGNATURE_HEADER } from '../constants.js';
import { readBodyWithin } from '../../utils/limited-body.js';
import { startDeadline } from './read-deadline.js';
import { receiverFor } from './receiver.js';
import { resolveOptions, type WebhookInboxReceiverOptions, type WebhookReceiverOptions } from './receiver-options.js';
import { readTimeoutMessage, respond, type WebhookReceiverResult } from './receiver-result.js';

const BODY_USED =
  'createWebhookHandler: the request body was already read (request.bodyUsed is true), so the raw bytes ' +
  'the signature covers are gone. Pass the untouched Request: do not call request.json() or request.text() ' +
  'before the handler, or use createWebhookReceiver({ ... })({ body: rawText, signature }) with the raw body you read.';

function toResponse(result: WebhookReceiverResult): Response {
  return new Response(result.body, { status: result.status, headers: result.headers });
}

/**
 * A Fetch-style webhook receiver, `(request: Request) => Promise<Response>`: reads the
 * raw body itself, verifies it on Web Crypto, de-duplicates by event id and runs
 * your typed callback. Works as a Next.js route handler and in Hono, Bun and Deno.
 * Never rejects: failures become status codes (see `createWebhookReceiver`); a
 * request other than POST gets 405, a body not received within `readTimeout` (default 10 s)
 * gets 408 (the body stream is cancelled and no callback runs), and every refused delivery is
 * reported to `onRejected` (default: one `console.warn` line with its code).
 *
 * @param options - Secret, callbacks per event type, de-duplication store, error reporting, `readTimeout`, `onRejected`.
 * @returns The handler.
 *
 * @example
 * ```ts
 * // app/api/webhooks/route.ts (Next.js)
 * import { createWebhookHandler } from 'credit-platform/webhooks';
 * declare function recordDeposit(depositId: string, amount: string): Promise<void>; // your own
 *
 * export const POST = createWebhookHandler({
 *   secret: process.env.WEBHOOK_SECRET!,
 *   on: {
 *     'deposit.created': async (event) => { await recordDeposit(event.data.depositId, event.data.amount); },
 *   },
 * });
 * // Hono: app.post('/webhooks', (c) => handler(c.req.raw)); Bun: Bun.serve({ fetch: handler }); Deno: Deno.serve(handler)
 * ```
 */
export function createWebhookHandler<Db = never>(
  options: WebhookReceiverOptions<Db> | WebhookInboxReceiverOptions,
): (request: Request) => Promise<Response> {
  const resolved = resolveOptions(options, 'createWebhookHandler');
  const { maxBodyBytes, readTimeout, onError } = resolved;
  const receive = receiverFor(options, resolved);

  return async function handleWebhook(request) {
    if (request.method !== 'POST') return toResponse(respond('method_not_allowed'));
    if (request.bodyUsed) {
      onError(new TypeError(BODY_USED));
      return toResponse(respond('configuration_error', BODY_USED));
    }
    let body: Uint8Array | undefined;
    const deadline = new AbortController();
    const stop = startDeadline(readTimeout, () => deadline.abort());
    try {
      body = await readBodyWithin(request, maxBodyBytes, deadline.signal);
    } catch {
      if (deadline.signal.aborted) return toResponse(respond('read_timeout', readTimeoutMessage(readTimeout)));
      // The client went away or sent a broken body: nothing authentic to answer.
      return toResponse(respond('invalid_payload', 'The request body could not be read.'));
    } finally {
      stop();
    }
    if (body === undefined) return toResponse(respond('payload_too_large'));
    return toResponse(await receive({ body, signature: request.headers.get(WEBHOOK_SIGNATURE_HEADER) }));
  };
}
