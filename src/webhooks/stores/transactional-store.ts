// The capability that makes a de-duplication store transactional: the receiver hands it the
// handler, and the store records the event id and runs the handler in one transaction of the
// user's database, so the id commits with the handler's writes or not at all. Types and one guard;
// no database driver is imported here (credit-platform/postgres implements it on `pg`).
import type { WebhookDedupStore } from './dedup-store.js';

/**
 * What a transactional store did with a delivery: `processed` (the id and the handler's writes
 * committed), `duplicate` (the id was already committed: the handler did not run) or `in_progress`
 * (another attempt holds the id uncommitted for longer than the store waits: ask for a retry).
 *
 * @example
 * ```ts
 * import type { WebhookTransactionOutcome } from 'credit-platform/webhooks';
 * const acknowledged: WebhookTransactionOutcome[] = ['processed', 'duplicate'];
 * ```
 */
export type WebhookTransactionOutcome = 'processed' | 'duplicate' | 'in_progress';

/**
 * A {@link WebhookDedupStore} that runs each delivery in a transaction of your database. The
 * receivers recognise it by its `transaction` method and then call neither `claim`, `complete`
 * nor `release`: they call `transaction(eventId, handle)`, whose contract is
 *
 * - record `eventId` under a unique key inside a new transaction; if it is already committed,
 *   resolve `'duplicate'` without calling `handle`; if another transaction holds it uncommitted,
 *   wait for that one (bounded) and decide from its end, or resolve `'in_progress'`;
 * - call `handle(db)` with that transaction's connection, so the handler's writes join it;
 * - commit once `handle` resolves, and resolve `'processed'` only after the commit;
 * - if `handle` rejects, roll back and reject with its error; reject on any failure of the store.
 *
 * The handler's second argument then holds `db` (see `WebhookHandlerContext`). `createPostgresWebhookStore`
 * from `credit-platform/postgres` implements it on a node-postgres `Pool`.
 *
 * @typeParam Db - The connection type handed to handlers as `context.db`.
 *
 * @example
 * ```ts
 * import type { TransactionalWebhookStore } from 'credit-platform/webhooks';
 * import { createPostgresWebhookStore } from 'credit-platform/postgres';
 * import { Pool, type PoolClient } from 'pg';
 *
 * const store: TransactionalWebhookStore<PoolClient> = createPostgresWebhookStore(new Pool());
 * ```
 */
export interface TransactionalWebhookStore<Db> extends WebhookDedupStore {
  /** Records `eventId` and runs `handle` in one transaction; see the interface for the contract. */
  transaction(eventId: string, handle: (db: Db) => Promise<void>): Promise<WebhookTransactionOutcome>;
}

/** @internal Whether the receivers run deliveries through the store's own transaction. */
export function isTransactionalStore(store: WebhookDedupStore): store is TransactionalWebhookStore<unknown> {
  return typeof (store as Partial<TransactionalWebhookStore<unknown>>).transaction === 'function';
}
