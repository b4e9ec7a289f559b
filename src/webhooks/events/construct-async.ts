// constructWebhookEvent on Web Crypto, for edge runtimes. No `node:*` import.
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
import { checkSignatureAsync } from '../verification/verify-web.js';

const encoder = /* @__PURE__ */ new TextEncoder();

/**
 * The Web Crypto twin of `constructWebhookEvent`: same checks, same errors (as a
 * rejected promise), no `node:crypto`.
 *
 * @param payload - The raw body exactly as received, e.g. `await request.arrayBuffer()`.
 * @param signature - The `X-Webhook-Signature` header value.
 * @param secret - The subscription secret, or a list while rotating.
 * @param options - `maxEventAge`: the oldest signed `timestamp` accepted (default 72 h); older, or more than 5 minutes ahead, is `stale_event`.
 * @returns A promise of the event, narrowed by `type`.
 *
 * @example
 * ```ts
 * import { constructWebhookEventAsync } from 'credit-platform/webhooks';
 * declare const env: { CREDIT_PLATFORM_WEBHOOK_SECRET: string }; // a Worker's bindings
 *
 * const event = await constructWebhookEventAsync(
 *   await request.arrayBuffer(),
 *   request.headers.get('x-webhook-signature'),
 *   env.CREDIT_PLATFORM_WEBHOOK_SECRET,
 * );
 * ```
 */
export async function constructWebhookEventAsync(
  payload: WebhookPayload,
  signature: WebhookSignatureHeader,
  secret: WebhookSecret,
  options?: ConstructWebhookEventOptions,
): Promise<WebhookEvent | UnknownWebhookEvent> {
  const data = checkPayload(payload, 'constructWebhookEventAsync');
  const maxEventAge = checkMaxEventAge(options?.maxEventAge, 'constructWebhookEventAsync');
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  const check = await checkSignatureAsync(bytes, signature, secret, 'constructWebhookEventAsync');
  if (check !== 'ok') throw signatureError(check, secretHasEdgeWhitespace(secret));
  return parseWebhookEvent(bytes, maxEventAge);
}
