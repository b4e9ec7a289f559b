// A stored body back into the typed event the receiver had: the receiver verified and validated
// it before storing it, so this only parses it again, and maps a type this SDK does not know to
// `UnknownWebhookEvent` as the receivers do.
import { withoutProtoKeys } from '../../utils/proto-keys.js';
import { type UnknownWebhookEvent, WEBHOOK_EVENT_TYPES, type WebhookEvent } from '../../webhooks/index.js';

const KNOWN_TYPES: ReadonlySet<string> = new Set(WEBHOOK_EVENT_TYPES);

/** @internal The event of a stored body; throws (a failed attempt) if it is not a JSON event object. */
export function storedEvent(body: string): WebhookEvent | UnknownWebhookEvent {
  // A `__proto__` key is dropped, as the receivers drop it.
  const parsed = withoutProtoKeys(JSON.parse(body) as unknown, body);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new TypeError('credit-platform: the inbox holds a body that is not a JSON object; was the table written by hand?');
  }
  const { type } = parsed as { type?: unknown };
  if (typeof type === 'string' && KNOWN_TYPES.has(type)) return parsed as WebhookEvent;
  return { ...parsed, type: 'unknown', rawType: String(type) } as UnknownWebhookEvent;
}
