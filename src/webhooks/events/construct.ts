// constructWebhookEvent on node:crypto. Its Web Crypto twin is construct-async.ts.
import { signatureError } from '../errors.js';
import { parseWebhookEvent } from './event-envelope.js';
import type { UnknownWebhookEvent, WebhookEvent } from './events.js';
import { checkMaxEventAge, type ConstructWebhookEventOptions } from './freshness.js';
import {
  checkPayload,
  secretHasEdgeWhitespace,
  type WebhookPayload,
  type WebhookSecret,
  type WebhookSignatureHeader,
} from '../inputs.js';
import { checkSignatureSync } from '../verification/verify-node.js';

const encoder = /* @__PURE__ */ new TextEncoder();

/**
 * Verifies a delivery, then decodes (UTF-8, fatal), parses and validates it into a
 * typed event. Unknown event types come back as {@link UnknownWebhookEvent}, not as
 * an error. Throws `WebhookVerificationError` (with `code`) for a missing, malformed
 * or wrong signature and for an invalid body; `TypeError` for programmer errors.
 *
 * @param payload - The raw body exactly as received.
 * @param signature - The `X-Webhook-Signature` header value.
 * @param secret - The subscription secret, or a list while rotating.
 * @param options - `maxEventAge`: the oldest signed `timestamp` accepted (default 72 h); older, or more than 5 minutes ahead, is `stale_event`.
 * @returns The event, narrowed by `type`.
 *
 * @example
 * ```ts
 * import { constructWebhookEvent } from 'credit-platform/webhooks';
 *
 * const event = constructWebhookEvent(req.body, req.headers['x-webhook-signature'], process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!);
 * if (event.type === 'deposit.created') {
 *   console.log(event.data.depositId, event.data.amount);
 * }
 * ```
 */
export function constructWebhookEvent(
  payload: WebhookPayload,
  signature: WebhookSignatureHeader,
  secret: WebhookSecret,
  options?: ConstructWebhookEventOptions,
): WebhookEvent | UnknownWebhookEvent {
  const data = checkPayload(payload, 'constructWebhookEvent');
  const maxEventAge = checkMaxEventAge(options?.maxEventAge, 'constructWebhookEvent');
  // The bytes that are hashed are the very bytes that are parsed.
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  const check = checkSignatureSync(bytes, signature, secret, 'constructWebhookEvent');
  if (check !== 'ok') throw signatureError(check, secretHasEdgeWhitespace(secret));
  return parseWebhookEvent(bytes, maxEventAge);
}
