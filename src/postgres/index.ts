/**
 * `credit-platform/postgres`: a webhook store and a webhook inbox in your PostgreSQL, on a
 * node-postgres (`pg` 8) `Pool` you already have (an optional peer dependency, loaded by your code,
 * never by this SDK). With the store, the receivers run each delivery in one transaction with your
 * handler's writes: exactly-once effects. With the inbox, they store each event durably and
 * answer at once; workers process it later with retries, a dead-letter state and replay.
 *
 * @packageDocumentation
 */
export type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from './postgres-pool.js';
export {
  createPostgresWebhookStore,
  type PostgresWebhookStore,
  type PostgresWebhookStoreOptions,
} from './postgres-webhook-store.js';
export { createPostgresWebhookInbox } from './inbox/create-inbox.js';
export type { PostgresWebhookInbox } from './inbox/postgres-webhook-inbox.js';
export type { PostgresWebhookInboxOptions } from './inbox/options.js';
export type {
  WebhookInboxContext,
  WebhookInboxHandlers,
  WebhookInboxWorker,
  WebhookInboxWorkOptions,
} from './inbox/work-options.js';
export type { WebhookInboxEntry, WebhookInboxStats, WebhookInboxStatus } from './inbox/listing.js';
export { PostgresWebhookStoreError, type PostgresWebhookStoreFailure } from './postgres-webhook-store-error.js';
export { type TransactionClientRefusal, TransactionClientError } from './transaction-client-error.js';
