// A test helper: a delivery exactly as the service would send it.
import type { WebhookEventType } from '../event-types.js';
import type { WebhookEventDataMap, WebhookEventData } from '../events/events.js';
import { checkSecret, type WebhookSecretKey } from '../inputs.js';
import { bytesToHex } from './signature-header.js';
import { signWebhookPayload } from './verify-node.js';

/**
 * The `data` expected for `T`: exact for known types, an open object otherwise.
 *
 * @example
 * ```ts
 * import type { WebhookDataFor } from 'credit-platform/webhooks';
 * type D = WebhookDataFor<'deposit.created'>; // DepositCreatedData
 * ```
 */
export type WebhookDataFor<T extends string> = T extends WebhookEventType ? WebhookEventDataMap[T] : WebhookEventData;

/**
 * What {@link createSignedWebhookDelivery} takes. `type` may be any string, to
 * simulate event types that this SDK version does not know.
 *
 * @example
 * ```ts
 * import type { SignedWebhookDeliveryInit } from 'credit-platform/webhooks';
 * const init: SignedWebhookDeliveryInit<'score.updated'> = { type: 'score.updated', data: { score: 700 }, secret: 'whsec_test' };
 * ```
 */
export interface SignedWebhookDeliveryInit<T extends string> {
  /** The event type; any string, so unknown types can be simulated. */
  readonly type: T;
  /** The event's `data`, typed exactly for known types. */
  readonly data: WebhookDataFor<T>;
  /** The secret to sign with: the one your receiver verifies against. */
  readonly secret: WebhookSecretKey;
  /** Defaults to a fresh random `evt_` id. */
  readonly id?: string;
  /** Defaults to now, as an ISO 8601 UTC instant. */
  readonly timestamp?: string;
}

/**
 * A signed delivery: the exact body, the headers to send with it, and the envelope.
 *
 * @example
 * ```ts
 * import type { SignedWebhookDelivery } from 'credit-platform/webhooks';
 * function post(url: string, delivery: SignedWebhookDelivery) {
 *   return fetch(url, { method: 'POST', body: delivery.body, headers: delivery.headers });
 * }
 * ```
 */
export interface SignedWebhookDelivery<T extends string = string> {
  /** The JSON body; the signature covers exactly this string (UTF-8). */
  readonly body: string;
  /** The headers the service sends with it. */
  readonly headers: {
    /** Always `application/json`. */
    readonly 'content-type': 'application/json';
    /** The lowercase hex HMAC-SHA256 of `body`. */
    readonly 'x-webhook-signature': string;
  };
  /** The envelope that `body` serialises. */
  readonly event: {
    /** The event id, prefix `evt_`. */
    readonly id: string;
    /** The event type. */
    readonly type: T;
    /** ISO 8601 UTC instant. */
    readonly timestamp: string;
    /** The event's payload. */
    readonly data: WebhookDataFor<T>;
  };
}

/**
 * Builds a delivery the way the service sends it, for tests of a receiver: a fresh
 * `evt_` id, an ISO timestamp, a JSON body and its `x-webhook-signature`.
 *
 * @param init - Event type and data, the secret to sign with, optional id and timestamp.
 * @returns `{ body, headers, event }`; post `body` with `headers` unchanged.
 *
 * @example
 * ```ts
 * import { createSignedWebhookDelivery } from 'credit-platform/webhooks';
 *
 * const delivery = createSignedWebhookDelivery({
 *   type: 'deposit.created',
 *   data: { depositId: 'dep_1', token: 'USDC', amount: '10000.00', transactionHash: `0x${'ab'.repeat(32)}` },
 *   secret: 'whsec_test',
 * });
 * await fetch('http://127.0.0.1:3000/webhooks', { method: 'POST', body: delivery.body, headers: delivery.headers });
 * ```
 */
export function createSignedWebhookDelivery<T extends string>(init: SignedWebhookDeliveryInit<T>): SignedWebhookDelivery<T> {
  // Checked here so that a bad secret is reported under this function's name, not signWebhookPayload's.
  checkSecret(init?.secret, 'createSignedWebhookDelivery', false);
  const event = {
    id: init.id ?? `evt_${bytesToHex(crypto.getRandomValues(new Uint8Array(12)))}`,
    type: init.type,
    timestamp: init.timestamp ?? new Date().toISOString(),
    data: init.data,
  };
  const body = JSON.stringify(event);
  const signature = signWebhookPayload(body, init.secret);
  return { body, headers: { 'content-type': 'application/json', 'x-webhook-signature': signature }, event };
}
