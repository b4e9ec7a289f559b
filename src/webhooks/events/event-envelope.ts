// Decoding and hand validation of a verified delivery (no zod: this entry point
// must stay small and dependency-free). No `node:*` import.
import { withoutProtoKeys } from '../../utils/proto-keys.js';
import { WebhookVerificationError } from '../errors.js';
import { WEBHOOK_EVENT_TYPES } from '../event-types.js';
import type { UnknownWebhookEvent, WebhookEvent } from './events.js';
import { checkEventAge } from './freshness.js';
import { isoInstantTime } from './iso-instant.js';

// ignoreBOM keeps a BOM in the text, so bytes and the same string parse alike.
const decoder = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const KNOWN_TYPES: ReadonlySet<string> = /* @__PURE__ */ new Set(WEBHOOK_EVENT_TYPES);
const DEPOSIT_FIELDS = ['depositId', 'token', 'amount', 'transactionHash'] as const;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(message: string): WebhookVerificationError {
  return new WebhookVerificationError('invalid_envelope', `Invalid webhook envelope: ${message}`);
}

/**
 * Parses verified bytes into the typed event, and refuses it if it was signed too long ago (or too
 * far ahead) for `maxEventAge`; throws `WebhookVerificationError`.
 */
export function parseWebhookEvent(bytes: Uint8Array, maxEventAge: number): WebhookEvent | UnknownWebhookEvent {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch (cause) {
    throw new WebhookVerificationError('invalid_json', 'The webhook body is not valid UTF-8.', { cause });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw new WebhookVerificationError('invalid_json', 'The webhook body is not valid JSON.', { cause });
  }
  // An authentic body is not a harmless one: `JSON.parse` keeps an own `__proto__` key, which
  // `Object.assign({}, event.data)` would take as the copy's prototype. Dropped at every depth.
  return validateEnvelope(withoutProtoKeys(parsed, text), maxEventAge);
}

function validateEnvelope(value: unknown, maxEventAge: number): WebhookEvent | UnknownWebhookEvent {
  if (!isObject(value)) throw invalid('the body must be a JSON object.');
  const { id, type, timestamp, data } = value;
  if (typeof id !== 'string' || !id.startsWith('evt_') || id.length === 4) {
    throw invalid('`id` must be a string starting with "evt_".');
  }
  if (typeof type !== 'string' || type.length === 0) throw invalid('`type` must be a non-empty string.');
  // Read once: the same pass checks the text and gives the instant the age is measured from.
  const signedAt = typeof timestamp === 'string' ? isoInstantTime(timestamp) : Number.NaN;
  if (Number.isNaN(signedAt)) throw invalid('`timestamp` must be an ISO 8601 date-time with a time zone.');
  if (!isObject(data)) throw invalid('`data` must be a JSON object.');
  if (type === 'deposit.created') {
    for (const field of DEPOSIT_FIELDS) {
      if (typeof data[field] !== 'string') throw invalid(`\`data.${field}\` of a deposit.created event must be a string.`);
    }
  }
  checkEventAge(id, signedAt, maxEventAge);
  if (!KNOWN_TYPES.has(type)) {
    // Later service versions add event types; old receivers must keep working.
    return { ...value, id, type: 'unknown', rawType: type, timestamp, data } as UnknownWebhookEvent;
  }
  // The parsed object is fresh from JSON.parse: returned without a copy, unknown fields kept.
  return value as unknown as WebhookEvent;
}
