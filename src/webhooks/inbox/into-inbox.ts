// A delivery under an inbox: the verified event is stored, and the answer is 200 once it is. The
// handlers run later, from the inbox. No `node:*` import.
import type { UnknownWebhookEvent, WebhookEvent } from '../events/events.js';
import type { WebhookPayload } from '../inputs.js';
import type { WebhookInbox } from '../stores/webhook-inbox.js';
import { respond, type WebhookReceiverResult } from '../receivers/receiver-result.js';

// Not fatal: the body was decoded fatally once already, when it was parsed; ignoreBOM as there.
const decoder = /* @__PURE__ */ new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * The verified body as the text that was parsed: bytes decoded as UTF-8, a string made well formed
 * (a lone surrogate becomes U+FFFD, as when it was encoded to be hashed).
 */
function verifiedText(body: WebhookPayload): string {
  // toWellFormed is ES2024 (Node 20+, every current engine); the project's lib is ES2023.
  if (typeof body === 'string') return (body as string & { toWellFormed(): string }).toWellFormed();
  return decoder.decode(body instanceof ArrayBuffer ? new Uint8Array(body) : body);
}

/**
 * @internal Stores `event` in `inbox`: 200 (`stored`, or `duplicate` for an id it holds), 503 when
 * the inbox failed (the service's retry may find the database back).
 */
export async function receiveIntoInbox(
  inbox: WebhookInbox,
  event: WebhookEvent | UnknownWebhookEvent,
  body: WebhookPayload,
  onError: (error: unknown, event?: WebhookEvent | UnknownWebhookEvent) => void,
): Promise<WebhookReceiverResult> {
  try {
    const type = event.type === 'unknown' ? event.rawType : event.type;
    const outcome = await inbox.accept({ id: event.id, type, timestamp: event.timestamp, body: verifiedText(body) });
    return respond(outcome === 'duplicate' ? 'duplicate' : 'stored', undefined, event);
  } catch (error) {
    onError(error, event);
    return respond('store_error', undefined, event);
  }
}
