/**
 * `credit-platform/postgres`: a webhook store in your PostgreSQL, on a node-postgres (`pg` 8) `Pool`
 * you already have (an optional peer dependency, loaded by your code, never by this SDK). The
 * receivers run each delivery in one transaction with your handler's writes: exactly-once effects.
 *
 * @packageDocumentation
 */
export type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from './postgres-pool.js';
export {
  createPostgresWebhookStore,
  type PostgresWebhookStore,
  type PostgresWebhookStoreOptions,
} from './postgres-webhook-store.js';
export { PostgresWebhookStoreError, type PostgresWebhookStoreFailure } from './postgres-webhook-store-error.js';
export { type TransactionClientRefusal, TransactionClientError } from './transaction-client-error.js';
