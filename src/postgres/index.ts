/**
 * `credit-platform/postgres`: a webhook store and a webhook inbox in your PostgreSQL, on a
 * node-postgres (`pg` 8) `Pool` you already have (an optional peer dependency, loaded by your code,
 * never by this SDK). With the store, the receivers run each delivery in one transaction with your
 * handler's writes: exactly-once effects. With the inbox, they store each event durably and
 * answer at once; workers process it later with retries, a dead-letter state and replay.
 *
 * **Start here**: pass {@link createPostgresWebhookStore} as the `store` of a webhook receiver
 * and write through `context.db` in your callback: the event id and your writes commit together,
 * so a crash, a retry or a duplicate never applies an event twice. Guide:
 * [exactly once with your database](../../docs/guides/webhooks.md#exactly-once-with-your-database).
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { Pool } from 'pg';
 * import { createPostgresWebhookStore } from 'credit-platform/postgres';
 * import { createNodeWebhookHandler } from 'credit-platform/webhooks';
 *
 * const pool = new Pool({ connectionString: process.env.DATABASE_URL });
 * const app = express();
 * app.post(
 *   '/webhooks',
 *   createNodeWebhookHandler({
 *     secret: process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!,
 *     store: createPostgresWebhookStore(pool),
 *     on: {
 *       'deposit.created': async (event, { db }) => {
 *         await db.query('INSERT INTO ledger (event_id, amount) VALUES ($1, $2)', [event.id, event.data.amount]);
 *       },
 *     },
 *   }),
 * );
 * ```
 *
 * @module credit-platform/postgres
 */
export type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from './postgres-pool.js';
export {
  createPostgresWebhookStore,
  type PostgresWebhookStore,
  type PostgresWebhookStoreOptions,
} from './store/postgres-webhook-store.js';
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
