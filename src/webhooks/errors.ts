import { CreditPlatformError } from '../errors/credit-platform-error.js';

/**
 * Why {@link constructWebhookEvent} rejected a delivery. The first three mean the
 * delivery is not authentic (answer 401); the others mean an authentic delivery
 * could not be used (answer 400): not JSON, not an event envelope, or `stale_event`, signed
 * longer ago than `maxEventAge` or more than 5 minutes ahead (a replay). Treat it as an open
 * set: later versions may add codes.
 *
 * @example
 * ```ts
 * import type { WebhookVerificationErrorCode } from 'credit-platform/webhooks';
 * const authFailures: WebhookVerificationErrorCode[] = ['missing_signature', 'malformed_signature', 'signature_mismatch'];
 * ```
 */
export type WebhookVerificationErrorCode =
  | 'missing_signature'
  | 'malformed_signature'
  | 'signature_mismatch'
  | 'invalid_json'
  | 'invalid_envelope'
  | 'stale_event';

/**
 * Thrown by `constructWebhookEvent` and `constructWebhookEventAsync` when a delivery
 * fails verification or is not a valid event envelope. Programmer errors (a parsed
 * body, a missing secret) are `TypeError`s instead, so a misconfiguration never
 * looks like a forged request. Messages never contain the secret or the header.
 *
 * @example
 * ```ts
 * import { constructWebhookEvent, WebhookVerificationError } from 'credit-platform/webhooks';
 * try {
 *   const event = constructWebhookEvent(body, signature, secret);
 * } catch (error) {
 *   if (error instanceof WebhookVerificationError && error.code === 'signature_mismatch') {
 *     // answer 401
 *   }
 * }
 * ```
 */
export class WebhookVerificationError extends CreditPlatformError {
  /** `'WebhookVerificationError'`, for logs. Extends `CreditPlatformError`, whose module loads nothing else. */
  override readonly name: string = 'WebhookVerificationError';
  /** Machine-readable reason. */
  readonly code: WebhookVerificationErrorCode;

  constructor(code: WebhookVerificationErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), code: this.code };
  }
}

/**
 * Thrown by the `claim` of a `createMemoryDedupStore` store whose `maxEntries` ids are all claims
 * in progress: `maxEntries` handlers running at once. A full store forgets its oldest completed id
 * to make room, but never a claim in progress (its handler would run twice). The receivers answer
 * such a delivery 503 with `Retry-After` (the service retries it; a claim frees its place when its
 * handler settles) and pass this error to `onError`. Raise `maxEntries`, or use a shared store
 * such as `createRedisDedupStore`.
 *
 * @example
 * ```ts
 * import { createMemoryDedupStore, createWebhookHandler, WebhookDedupStoreFullError } from 'credit-platform/webhooks';
 *
 * const handler = createWebhookHandler({
 *   secret: process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!,
 *   store: createMemoryDedupStore({ maxEntries: 500_000 }),
 *   onError: (error) => {
 *     if (error instanceof WebhookDedupStoreFullError) console.error(`dedup memory full at ${error.maxEntries} ids`);
 *   },
 * });
 * ```
 */
export class WebhookDedupStoreFullError extends CreditPlatformError {
  /** `'WebhookDedupStoreFullError'`, for logs. */
  override readonly name: string = 'WebhookDedupStoreFullError';
  /** The store's `maxEntries`, every one of them a claim in progress. */
  readonly maxEntries: number;

  constructor(maxEntries: number, eventId: string) {
    super(
      `The de-duplication store holds maxEntries (${maxEntries}) event ids, all of them claims whose handlers are still running, so ${eventId} was not claimed: ` +
        'forgetting a claim in progress would let its event run twice at once. The delivery is answered 503 and will be retried; ' +
        'raise maxEntries of createMemoryDedupStore, or use a shared store such as createRedisDedupStore.',
    );
    this.maxEntries = maxEntries;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), maxEntries: this.maxEntries };
  }
}

const SIGNATURE_MESSAGES = {
  missing_signature: 'The X-Webhook-Signature header is missing or empty.',
  malformed_signature: 'The X-Webhook-Signature header is not exactly 64 lowercase hex digits (or was sent more than once).',
  signature_mismatch: 'The X-Webhook-Signature header does not match the payload for any configured secret.',
} as const;

/** The error for a failed signature check; hints at a whitespace slip without showing the secret. */
export function signatureError(
  code: keyof typeof SIGNATURE_MESSAGES,
  secretHasEdgeWhitespace: boolean,
): WebhookVerificationError {
  const hint =
    code === 'signature_mismatch' && secretHasEdgeWhitespace
      ? ' Note: a configured secret starts or ends with whitespace; if it came from an env file or a copy-paste, trim it.'
      : '';
  return new WebhookVerificationError(code, SIGNATURE_MESSAGES[code] + hint);
}
