// The second argument of every webhook callback. Its shape follows the store: a transactional
// store adds `db`, the connection of the transaction the event id commits in. No `node:*` import.

/**
 * What every callback gets as its second argument, whatever the store. With the memory or Redis
 * store it holds nothing more: `db` is absent, and the callback's writes commit on their own, so
 * make them idempotent (the event id is `event.id`).
 *
 * @example
 * ```ts
 * import type { WebhookContext } from 'credit-platform/webhooks';
 * const context: WebhookContext = {};
 * ```
 */
export type WebhookContext = Readonly<Record<never, never>>;

/**
 * The second argument of a callback under a transactional store (`createPostgresWebhookStore`):
 * `db` is the transaction's connection (a `pg` `PoolClient`). Write through it and the writes
 * commit together with the event id, or not at all.
 *
 * @typeParam Db - The store's connection type.
 *
 * @example
 * ```ts
 * import type { WebhookTransactionContext } from 'credit-platform/webhooks';
 * import type { PoolClient } from 'pg';
 *
 * async function credit(context: WebhookTransactionContext<PoolClient>, account: string, amount: string) {
 *   await context.db.query('UPDATE ledger SET balance = balance + $2 WHERE account = $1', [account, amount]);
 * }
 * ```
 */
export interface WebhookTransactionContext<Db> {
  /** The transaction's connection: its writes commit with the event id. Never `release()` it yourself. */
  readonly db: Db;
}

/**
 * The context a receiver gives its callbacks for a store of connection type `Db`: `WebhookContext`
 * when the store is not transactional (`Db` is `never`, the default), `WebhookTransactionContext<Db>`
 * when it is. The receivers infer `Db` from their `store` option.
 *
 * @typeParam Db - The store's connection type, `never` for a store without transactions.
 *
 * @example
 * ```ts
 * import type { WebhookHandlerContext } from 'credit-platform/webhooks';
 * import type { PoolClient } from 'pg';
 *
 * declare const withPostgres: WebhookHandlerContext<PoolClient>;
 * await withPostgres.db.query('SELECT 1');
 * const withMemory: WebhookHandlerContext = {}; // no db
 * ```
 */
export type WebhookHandlerContext<Db = never> = [Db] extends [never] ? WebhookContext : WebhookTransactionContext<Db>;
