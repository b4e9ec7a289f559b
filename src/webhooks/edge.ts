// Everything of `credit-platform/webhooks` that runs without `node:*` modules (Web
// Crypto only), for edge runtimes that cannot load node:crypto. The main barrel also
// exports the node:crypto variants, which load node:crypto when the entry is imported.
// Not yet a package entry point: the lead can map it to `credit-platform/webhooks/edge`.
export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './event-types.js';
export { WEBHOOK_RETRY_SCHEDULE, WEBHOOK_SIGNATURE_HEADER } from './constants.js';
export type { WebhookPayload, WebhookSecret, WebhookSecretKey, WebhookSignatureHeader } from './inputs.js';
export { verifyWebhookSignatureAsync, signWebhookPayloadAsync } from './verify-web.js';
export { WebhookVerificationError, type WebhookVerificationErrorCode } from './errors.js';
export type {
  DepositCreatedData,
  UnknownWebhookEvent,
  WebhookEvent,
  WebhookEventData,
  WebhookEventDataMap,
  WebhookEventOf,
} from './events.js';
export { constructWebhookEventAsync } from './construct-async.js';
export {
  createMemoryDedupStore,
  type MemoryDedupStoreOptions,
  type WebhookClaim,
  type WebhookDedupStore,
} from './dedup-store.js';
export {
  createWebhookReceiver,
  type WebhookEventHandlers,
  type WebhookReceiverInput,
  type WebhookReceiverOptions,
} from './receiver.js';
export type { WebhookOutcome, WebhookReceiverResult } from './receiver-result.js';
export { createWebhookHandler } from './fetch-handler.js';
