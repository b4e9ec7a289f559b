// The webhook receivers' store in the user's PostgreSQL: the event id is inserted in the same
// transaction as the handler's writes, so both commit or neither does (exactly-once effects).
import type { Logger } from '../../core/types.js';
import type { TransactionalWebhookStore, WebhookClaim, WebhookTransactionOutcome } from '../../webhooks/index.js';
import { listenForIdleFailures, messageOf, withConnection } from '../pooled-connection.js';
import { guardTransactionClient } from '../guarded-client.js';
import { positiveInteger } from '../option-checks.js';
import { checkPool, type PostgresPool, type PostgresPoolClient } from '../postgres-pool.js';
import { PostgresWebhookStoreError } from '../postgres-webhook-store-error.js';
import { PURGE_BATCH, purgeScheduler } from '../purge-scheduler.js';
import { storedEventId } from '../stored-event-id.js';
import type { TransactionClientError } from '../transaction-client-error.js';
import { runTransaction, type TransactionDecision, type TransactionWording, underAdvisoryLock } from '../transaction.js';
import { DEFAULT_TABLE, type WebhookTable, webhookTable } from './webhook-table.js';

// A receiver accepts events up to 72 h old (its default `maxEventAge`) and signed up to 5 min
// ahead of its clock: an id must be kept at least that long.
const DEFAULT_RETENTION_MS = 72 * 3_600_000 + 5 * 60_000;
// PostgreSQL's SQLSTATE for a lock not acquired within lock_timeout.
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Options of {@link createPostgresWebhookStore}.
 *
 * @example
 * ```ts
 * import type { PostgresWebhookStoreOptions } from 'credit-platform/postgres';
 * const options: PostgresWebhookStoreOptions = { table: 'billing.webhook_events', createTable: false };
 * ```
 */
export interface PostgresWebhookStoreOptions {
  /**
   * The table of event ids: `table` or `schema.table`, letters, digits and `_` (quoted, so case
   * counts). Default `credit_platform_webhook_events`.
   */
  readonly table?: string;
  /**
   * Create the table (and its `received_at` index) on first use if the catalog lacks them, under a
   * 200 ms `lock_timeout` so a new process never queues behind open deliveries (an index that
   * cannot get its lock is skipped with a `warn`). Default `true`. Set `false` when your migrations
   * create it (the SQL is in the webhooks guide).
   */
  readonly createTable?: boolean;
  /**
   * How long an id is kept, in ms: rows older than this are purged. Default 72 h + 5 min, a
   * receiver's default `maxEventAge` plus the 5 minutes an event may be signed ahead; the receivers
   * refuse a store that keeps ids for less than their `maxEventAge` plus 5 minutes.
   */
  readonly retentionMs?: number;
  /**
   * How often the store purges expired rows, in ms, at most 1 000 rows at a time (again at the
   * next delivery while a purge finds a full batch, so it keeps up). Default 3 600 000 (1 h).
   * `Infinity` turns it off: then schedule `purge()` or the statement in the webhooks guide yourself.
   */
  readonly purgeIntervalMs?: number;
  /**
   * How long a delivery waits, in ms, for another attempt of the same event that holds its id in
   * an uncommitted transaction. If that one commits, the delivery is a duplicate (200); if it rolls
   * back, this one runs the handler; if it is still running after the wait, the answer is 503
   * `in_progress` with `Retry-After`. The same wait bounds the table's lock, taken first: a table
   * locked longer by another session (a migration) is a 503 with a `PostgresWebhookStoreError`
   * (`table_locked`) to `onError`. Default 5 000.
   */
  readonly lockWaitMs?: number;
  /** Where failures of the background purge and of idle pool connections go (`warn`). Default `console`. */
  readonly logger?: Pick<Logger, 'warn'>;
}

/**
 * What {@link createPostgresWebhookStore} returns: a transactional webhook store whose handlers
 * get a guarded view of the transaction's connection, of the pool's connection type (`pg`'s
 * `PoolClient`), as `context.db`.
 *
 * @typeParam Client - The pool's connection type.
 *
 * @example
 * ```ts
 * import { Pool } from 'pg';
 * import { createPostgresWebhookStore, type PostgresWebhookStore } from 'credit-platform/postgres';
 *
 * const store = createPostgresWebhookStore(new Pool());
 * const deleted = await store.purge(); // what a scheduled job would run
 * console.log(store.retentionMs, deleted);
 * ```
 */
export interface PostgresWebhookStore<Client extends PostgresPoolClient = PostgresPoolClient>
  extends TransactionalWebhookStore<Client> {
  /** How long an id is kept, in ms: the `retentionMs` option, default 72 h + 5 min (259 500 000). */
  readonly retentionMs: number;
  /**
   * Deletes at most 1 000 rows older than `retentionMs` and resolves how many it deleted. The store
   * runs it on its own every `purgeIntervalMs`; call it from a job of yours if you turned that off.
   */
  purge(): Promise<number>;
  /**
   * Records `eventId` outside any transaction, for code that drives the store itself: `claimed` if
   * it was new, else `completed` (a claim is never `in_progress`). The receivers never call it:
   * they use `transaction`.
   */
  claim(eventId: string): Promise<WebhookClaim>;
  /** Nothing to do: a claimed id is already committed. */
  complete(eventId: string): Promise<void>;
  /** Deletes the id, so a retry can run it again. */
  release(eventId: string): Promise<void>;
}

/**
 * A webhook de-duplication store in your PostgreSQL, that the receivers (`createWebhookReceiver`,
 * `createWebhookHandler`, `createNodeWebhookHandler`) run transactionally. For each delivery the
 * receiver checks a connection out of `pool`, begins a transaction, inserts the event id into the
 * store's table (the primary key de-duplicates) and calls your handler with `context.db`, a
 * guarded view of that connection: write through it and your writes commit together with the id.
 * The receiver answers 200 only after PostgreSQL answered the `COMMIT` with a commit.
 *
 * `context.db` refuses, with a {@link TransactionClientError} and nothing sent, what would break
 * that: `COMMIT`, `ROLLBACK`, `END`, `ABORT`, `BEGIN` and the other transaction-control statements,
 * `release()`, and any use after the handler returned or threw. `SAVEPOINT` and
 * `ROLLBACK TO SAVEPOINT` run: use them around a statement that may fail, since in PostgreSQL a
 * failed statement aborts the whole transaction, even if the handler catches its error.
 *
 * - A duplicate of a committed id: 200, the handler does not run.
 * - A duplicate of an id another attempt holds uncommitted: waits for it up to `lockWaitMs`
 *   (then 200 if it committed, or runs the handler if it rolled back), else 503 `in_progress`.
 * - The handler throws: rolled back (the id too), 500, and the service's retry runs it again.
 * - The handler caught a failed statement, so PostgreSQL answers `COMMIT` with `ROLLBACK`: 503 and
 *   `onError` with a {@link PostgresWebhookStoreError} (`not_committed`) naming the statement's
 *   error and the fix; nothing is kept, and the retry runs the handler again.
 * - The table stays locked by another session for `lockWaitMs`: 503 and `onError`
 *   (`table_locked`); the handler does not run.
 * - The process dies mid-handler: PostgreSQL rolls the transaction back when the connection
 *   drops; the retry runs the handler at once, with no lease to wait out.
 * - The database is unreachable (or the commit fails): 503 and `onError`; the retry decides.
 *
 * An id PostgreSQL cannot hold as it is (with NUL, longer than 255 UTF-8 bytes) or starting with
 * `sha256:` is stored as `sha256:` and the hex SHA-256 of its UTF-8 bytes: the same id, the same
 * row, so its retries are still duplicates.
 *
 * The table is created on first use when missing, unless `createTable` is `false`; rows older than
 * `retentionMs` are purged in batches of 1 000 at most every `purgeIntervalMs`. Give the pool a
 * `connectionTimeoutMillis`, so a delivery does not wait forever for a free connection. A pool with
 * no `'error'` listener gets one (a `warn` per failure), so a dropped idle connection never ends the process.
 *
 * @param pool - A node-postgres (`pg` 8) `Pool`.
 * @param options - Table, creation, retention, purge interval, lock wait, logger.
 * @returns The store to pass as `store` to a webhook receiver.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { Pool } from 'pg';
 * import { createNodeWebhookHandler } from 'credit-platform/webhooks';
 * import { createPostgresWebhookStore } from 'credit-platform/postgres';
 *
 * const pool = new Pool({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 5_000 });
 * const app = express();
 * app.post('/webhooks', createNodeWebhookHandler({
 *   secret: process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!,
 *   store: createPostgresWebhookStore(pool),
 *   on: {
 *     // Commits with the event id, or not at all.
 *     'deposit.created': async (event, { db }) => {
 *       await db.query('INSERT INTO ledger (deposit_id, token, amount) VALUES ($1, $2, $3)', [
 *         event.data.depositId, event.data.token, event.data.amount,
 *       ]);
 *     },
 *   },
 * }));
 * ```
 */
export function createPostgresWebhookStore<Client extends PostgresPoolClient>(
  pool: PostgresPool<Client>,
  options: PostgresWebhookStoreOptions = {},
): PostgresWebhookStore<Client> {
  const fn = 'createPostgresWebhookStore';
  checkPool(pool, fn);
  const table = webhookTable(options.table ?? DEFAULT_TABLE, fn);
  const ms = { fn, unit: 'milliseconds' };
  const retentionMs = positiveInteger(options.retentionMs, { ...ms, name: 'retentionMs', fallback: DEFAULT_RETENTION_MS });
  const purgeIntervalMs = positiveInteger(options.purgeIntervalMs, {
    ...ms,
    name: 'purgeIntervalMs',
    fallback: 3_600_000,
    infinity: '',
  });
  const lockWait = `${positiveInteger(options.lockWaitMs, { ...ms, name: 'lockWaitMs', fallback: 5_000 })}ms`;
  const logger = options.logger ?? console;
  listenForIdleFailures(pool, logger);
  const ready = tableCreator(pool, table, options.createTable !== false, logger);
  const purger = purgeScheduler(purgeIntervalMs, () => store.purge(), logger, 'expired webhook event ids');
  const wording: TransactionWording = {
    subject: 'the delivery',
    kept: `the event id (table ${table.name})`,
    next: "Answered 503: nothing acknowledged, and the service's retry runs the handler again.",
    letOut: '(500, retried)',
    unsure:
      "Nothing was acknowledged (503); the service's retry runs the handler again, or finds the event done if the commit " +
      'did reach the disk.',
  };

  const store: PostgresWebhookStore<Client> = {
    retentionMs,
    async transaction(eventId, handle): Promise<WebhookTransactionOutcome> {
      await ready();
      const key = storedEventId(eventId);
      const outcome = await withConnection(pool, (connection) =>
        runTransaction(
          connection,
          async (client): Promise<TransactionDecision<WebhookTransactionOutcome>> => {
            // Waits on a lock held by another session for lockWaitMs at most; the handler's own
            // statements then run with the connection's usual lock_timeout. The table's lock is taken
            // first, on its own: a timeout there is a locked table (a 503 the operator hears about),
            // and the insert's only wait left is on an attempt holding the id.
            let previous: unknown;
            try {
              const { rows } = await client.query(table.setLockWait, [lockWait]);
              previous = (rows[0] as { previous?: unknown } | undefined)?.previous;
              await client.query(table.lockForInsert);
            } catch (error) {
              if ((error as { code?: unknown }).code === LOCK_NOT_AVAILABLE) throw tableLocked(table, lockWait, error);
              throw error;
            }
            if (typeof previous !== 'string')
              throw new Error('credit-platform: reading the lock_timeout to put back answered no value.');
            let inserted: boolean;
            try {
              const { rows } = await client.query(table.insertThenRestore, [key, previous]);
              const count = (rows[0] as { inserted?: unknown } | undefined)?.inserted;
              // A reply it cannot read is a failure (503, retried), never a duplicate acknowledged unrun.
              if (count !== 0 && count !== 1)
                throw new Error('credit-platform: the insert of the event id did not answer one row with `inserted` 0 or 1.');
              inserted = count === 1;
            } catch (error) {
              if ((error as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return { commit: false, value: 'in_progress' };
              throw error;
            }
            if (!inserted) return { commit: false, value: 'duplicate' };
            const guarded = guardTransactionClient(client);
            try {
              await handle(guarded.db);
            } finally {
              guarded.settle();
            }
            return { commit: true, value: 'processed', failure: guarded.firstFailure() };
          },
          wording,
        ),
      );
      if (outcome === 'processed') purger.due();
      return outcome;
    },
    async purge() {
      await ready();
      return (await pool.query(table.purge, [retentionMs / 1_000, PURGE_BATCH])).rowCount ?? 0;
    },
    async claim(eventId) {
      await ready();
      return (await pool.query(table.insert, [storedEventId(eventId)])).rowCount === 1 ? 'claimed' : 'completed';
    },
    async complete() {},
    async release(eventId) {
      await ready();
      await pool.query(table.remove, [storedEventId(eventId)]);
    },
  };
  return store;
}

function tableLocked(table: WebhookTable, wait: string, error: unknown) {
  return new PostgresWebhookStoreError(
    'table_locked',
    `credit-platform: the webhook table ${table.name} stayed locked by another session for ${wait} (lockWaitMs), so ` +
      'the delivery did not start: nothing ran and nothing was acknowledged (503, retried). A migration, an ALTER ' +
      'TABLE, a CREATE INDEX without CONCURRENTLY or a LOCK TABLE holds it: find it in pg_locks and pg_stat_activity.',
    { cause: error },
  );
}

// The creation statements wait this long for the table's lock, then give up: a CREATE INDEX that
// waited longer would queue every delivery behind it, in every process.
const CREATE_LOCK_WAIT = '200ms';
// How long a process waits for another one creating the same table (the advisory lock).
const CREATOR_WAIT = '5s';

/**
 * Creates the table and its index once per store, only when the catalog says they are missing,
 * under an advisory lock (concurrent CREATE IF NOT EXISTS can collide) and a short lock_timeout.
 * A missing index that cannot get its lock in time is left for later (a warning): deliveries do
 * not need it, only the purge does.
 */
function tableCreator(
  pool: PostgresPool<PostgresPoolClient>,
  table: WebhookTable,
  enabled: boolean,
  logger: Pick<Logger, 'warn'>,
): () => Promise<void> {
  let created: Promise<void> | undefined;
  const create = async () => {
    const seen = await missingIn(pool, table);
    if (!seen.table && !seen.index) return;
    await underAdvisoryLock(pool, table.lockKey, CREATOR_WAIT, async (client) => {
      await client.query("SELECT set_config('lock_timeout', $1, true)", [CREATE_LOCK_WAIT]);
      const [createTable, createIndex] = table.create as [string, string];
      const absent = await missingIn(client, table);
      if (absent.table) await client.query(createTable);
      if (absent.index) {
        try {
          await client.query(createIndex);
        } catch (error) {
          if (absent.table || (error as { code?: unknown }).code !== LOCK_NOT_AVAILABLE) throw error;
          logger.warn(
            `credit-platform: the index on received_at of ${table.name} is missing and its table is busy; not created, ` +
              'so as not to hold deliveries up. Create it with CREATE INDEX CONCURRENTLY (the webhooks guide has the SQL).',
            { error: messageOf(error) },
          );
          return { commit: false, value: undefined };
        }
      }
      return { commit: true, value: undefined };
    });
  };
  return () => {
    if (!enabled) return Promise.resolve();
    created ??= create().catch((error: unknown) => {
      // The next delivery tries again (this one is answered 503).
      created = undefined;
      throw error;
    });
    return created;
  };
}

/** Which of the table and its index the catalog lacks. */
async function missingIn(client: Pick<PostgresPool, 'query'>, table: WebhookTable): Promise<{ table: boolean; index: boolean }> {
  const row = (await client.query(table.exists, [table.quoted])).rows[0] as
    | { table_exists?: unknown; index_exists?: unknown }
    | undefined;
  return { table: row?.table_exists !== true, index: row?.index_exists !== true };
}
