/**
 * Webhook receivers, verification and events, without the HTTP client: this entry does not load
 * ky, so it fits edge functions and small receivers. Everything here is also exported from the root.
 *
 * **Start here**: mount {@link createNodeWebhookHandler} (Express, Fastify, `node:http`) or
 * {@link createWebhookHandler} (Next.js, Hono, Bun, Deno) on your webhook route. It reads the raw
 * body, verifies the signature, and runs your callback once per event id although the service
 * retries; for exactly-once effects in your database, give it the store of
 * `credit-platform/postgres`. The lower-level {@link constructWebhookEvent} and
 * {@link verifyWebhookSignature} are for a receiver of your own. Guide:
 * [receiving webhooks](../../docs/guides/webhooks.md).
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { createNodeWebhookHandler } from 'credit-platform/webhooks';
 *
 * const app = express();
 * app.post(
 *   '/webhooks', // before any app.use(express.json()): the handler reads the raw body it verifies
 *   createNodeWebhookHandler({
 *     secret: process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!,
 *     on: { 'deposit.created': async (event) => console.log(event.data.depositId, event.data.amount) },
 *   }),
 * );
 * ```
 *
 * @module credit-platform/webhooks
 */
export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './event-types.js';
export type { Token } from '../utils/known-assets.js';
export { WEBHOOK_RETRY_SCHEDULE, WEBHOOK_SIGNATURE_HEADER } from './constants.js';
export type { WebhookPayload, WebhookSecret, WebhookSecretKey, WebhookSignatureHeader } from './inputs.js';
export { verifyWebhookSignature, signWebhookPayload } from './verification/verify-node.js';
export { verifyWebhookSignatureAsync, signWebhookPayloadAsync } from './verification/verify-web.js';
// The base class of every SDK error (WebhookVerificationError's too), for `instanceof` checks.
export { CreditPlatformError } from '../errors/credit-platform-error.js';
export { WebhookDedupStoreFullError, WebhookVerificationError, type WebhookVerificationErrorCode } from './errors.js';
export type {
  DepositCreatedData,
  UnknownWebhookEvent,
  WebhookEvent,
  WebhookEventData,
  WebhookEventDataMap,
  WebhookEventOf,
} from './events/events.js';
export { constructWebhookEvent } from './events/construct.js';
export { DEFAULT_MAX_EVENT_AGE, type ConstructWebhookEventOptions } from './events/freshness.js';
export { constructWebhookEventAsync } from './events/construct-async.js';
export {
  createSignedWebhookDelivery,
  type SignedWebhookDelivery,
  type SignedWebhookDeliveryInit,
  type WebhookDataFor,
} from './verification/signed-delivery.js';
export type { WebhookClaim, WebhookDedupStore } from './stores/dedup-store.js';
export type { TransactionalWebhookStore, WebhookTransactionOutcome } from './stores/transactional-store.js';
export type { WebhookContext, WebhookHandlerContext, WebhookTransactionContext } from './receivers/handler-context.js';
export { createMemoryDedupStore, type MemoryDedupStore, type MemoryDedupStoreOptions } from './stores/memory-dedup-store.js';
export { createWebhookReceiver, type WebhookReceiverInput } from './receivers/receiver.js';
export type { WebhookEventHandlers, WebhookInboxReceiverOptions, WebhookReceiverOptions } from './receivers/receiver-options.js';
export type { WebhookInbox, WebhookInboxAcceptance, WebhookInboxEvent } from './stores/webhook-inbox.js';
export type { WebhookReceiverLogger } from './receivers/receiver-logger.js';
export type { WebhookOutcome, WebhookReceiverResult } from './receivers/receiver-result.js';
export { WEBHOOK_TRACING_CHANNEL, type WebhookDeliveryTraceContext } from './tracing/delivery-tracing.js';
export { createWebhookHandler } from './receivers/fetch-handler.js';
export { createNodeWebhookHandler, type NodeWebhookRequest } from './receivers/node-handler.js';
