// The webhook receivers' store in the user's PostgreSQL: the event id is inserted in the same
// transaction as the handler's writes, so both commit or neither does (exactly-once effects).
import type { Logger } from '../core/types.js';
import { ConfigurationError } from '../errors/index.js';
import type { TransactionalWebhookStore, WebhookClaim, WebhookTransactionOutcome } from '../webhooks/index.js';
import { guardTransactionClient } from './guarded-client.js';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from './postgres-pool.js';
import { PostgresWebhookStoreError } from './postgres-webhook-store-error.js';
import { storedEventId } from './stored-event-id.js';
import { DEFAULT_TABLE, SET_LOCK_WAIT, type WebhookTable, webhookTable } from './webhook-table.js';

// A receiver accepts events up to 72 h old (its default `maxEventAge`) and signed up to 5 min
// ahead of its clock: an id must be kept at least that long.
const DEFAULT_RETENTION_MS = 72 * 3_600_000 + 5 * 60_000;
const PURGE_BATCH = 1_000;
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
   * Create the table (and its `received_at` index) on first use with `CREATE TABLE IF NOT EXISTS`.
   * Default `true`. Set `false` when your migrations create it (the SQL is in the webhooks guide).
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
   * `in_progress` with `Retry-After`. Default 5 000.
   */
  readonly lockWaitMs?: number;
  /** Where failures of the background purge and of idle pool connections go (`warn`). Default `console`. */
  readonly logger?: Pick<Logger, 'warn'>;
}

/**
 * What {@link createPostgresWebhookStore} returns: a transactional webhook store whose handlers
 * get the pool's connection type (`pg`'s `PoolClient`) as `context.db`.
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

function milliseconds(value: number | undefined, fallback: number, name: string, fn: string, infinite: boolean): number {
  if (value === undefined) return fallback;
  if ((infinite && value === Number.POSITIVE_INFINITY) || (Number.isSafeInteger(value) && value >= 1)) return value;
  throw new ConfigurationError(
    name,
    `${fn}: \`${name}\` must be a positive integer of milliseconds${infinite ? ' or Infinity' : ''}; got ${String(value)}.`,
  );
}

function checkPool(pool: unknown, fn: string): void {
  const p = pool as Partial<PostgresPool> | null;
  if (typeof p?.connect !== 'function' || typeof p.query !== 'function') {
    throw new ConfigurationError(
      'pool',
      `${fn}: pass a node-postgres Pool (\`new Pool({ connectionString })\` from \`pg\`); got ${pool === null ? 'null' : typeof pool}.`,
    );
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/**
 * A webhook de-duplication store in your PostgreSQL, that the receivers (`createWebhookReceiver`,
 * `createWebhookHandler`, `createNodeWebhookHandler`) run transactionally. For each delivery the
 * receiver checks a connection out of `pool`, begins a transaction, inserts the event id into the
 * store's table (the primary key de-duplicates) and calls your handler with `context.db`, that
 * connection: write through it and your writes commit together with the id. The receiver answers
 * 200 only after the commit.
 *
 * - A duplicate of a committed id: 200, the handler does not run.
 * - A duplicate of an id another attempt holds uncommitted: waits for it up to `lockWaitMs`
 *   (then 200 if it committed, or runs the handler if it rolled back), else 503 `in_progress`.
 * - The handler throws: rolled back (the id too), 500, and the service's retry runs it again.
 * - The process dies mid-handler: PostgreSQL rolls the transaction back when the connection
 *   drops; the retry runs the handler at once, with no lease to wait out.
 * - The database is unreachable (or the commit fails): 503 and `onError`; the retry decides.
 *
 * The table is created on first use unless `createTable` is `false`; rows older than
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
 *   secret: process.env.WEBHOOK_SECRET!,
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
  const retentionMs = milliseconds(options.retentionMs, DEFAULT_RETENTION_MS, 'retentionMs', fn, false);
  const purgeIntervalMs = milliseconds(options.purgeIntervalMs, 3_600_000, 'purgeIntervalMs', fn, true);
  const lockWait = `${milliseconds(options.lockWaitMs, 5_000, 'lockWaitMs', fn, false)}ms`;
  const logger = options.logger ?? console;
  if (pool.listenerCount('error') === 0) {
    pool.on('error', (error) =>
      logger.warn('credit-platform: an idle PostgreSQL connection failed', { error: messageOf(error) }),
    );
  }
  const ready = tableCreator(pool, table, options.createTable !== false, logger);
  const purger = purgeScheduler(purgeIntervalMs, () => store.purge(), logger);

  const store: PostgresWebhookStore<Client> = {
    retentionMs,
    async transaction(eventId, handle): Promise<WebhookTransactionOutcome> {
      await ready();
      const key = storedEventId(eventId);
      const outcome = await inTransaction(pool, table, async (client) => {
        // Waits on a lock held by another session for lockWaitMs at most; the handler's own
        // statements then run with the connection's usual lock_timeout.
        const { rows: set } = await client.query(SET_LOCK_WAIT, [lockWait]);
        // The table's lock first, on its own: a timeout there is a locked table (a 503 the
        // operator hears about), and the insert's only wait left is on an attempt holding the id.
        try {
          await client.query(table.lockForInsert);
        } catch (error) {
          if ((error as { code?: unknown }).code === LOCK_NOT_AVAILABLE) throw tableLocked(table, lockWait, error);
          throw error;
        }
        let inserted: boolean;
        try {
          const { rows } = await client.query(table.insertThenRestore, [key, (set[0] as { previous: string }).previous]);
          const count = (rows[0] as { inserted?: unknown } | undefined)?.inserted;
          // A reply it cannot read is a failure (503, retried), never a duplicate acknowledged unrun.
          if (count !== 0 && count !== 1)
            throw new Error('credit-platform: the insert of the event id did not answer one row with `inserted` 0 or 1.');
          inserted = count === 1;
        } catch (error) {
          if ((error as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return { outcome: 'in_progress' };
          throw error;
        }
        if (!inserted) return { outcome: 'duplicate' };
        const guarded = guardTransactionClient(client);
        try {
          await handle(guarded.db);
        } finally {
          guarded.settle();
        }
        return { outcome: 'processed', failure: guarded.firstFailure() };
      });
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

/** What the work inside the transaction decided, and the first statement of the handler's that failed. */
interface Decided {
  readonly outcome: WebhookTransactionOutcome;
  readonly failure?: { readonly error: unknown } | undefined;
}

/**
 * Runs `work` in a transaction on a connection of its own: COMMIT when it resolves `processed`
 * (and checks that PostgreSQL did commit), ROLLBACK when it resolves anything else (nothing was
 * written) or throws.
 */
async function inTransaction<Client extends PostgresPoolClient>(
  pool: PostgresPool<Client>,
  table: WebhookTable,
  work: (client: Client) => Promise<Decided>,
): Promise<WebhookTransactionOutcome> {
  const client = await pool.connect();
  // A checked-out connection that fails emits 'error'; unheard, that would end the process. The
  // failed query rejects as well, and that is what the caller sees.
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  // The handler's own failure leaves a healthy connection once rolled back; any other does not.
  let healthy = false;
  try {
    await client.query('BEGIN');
    let decided: Decided;
    try {
      decided = await work(client);
    } catch (error) {
      await client.query('ROLLBACK').then(
        () => {
          healthy = true;
        },
        () => undefined,
      );
      throw error;
    }
    if (decided.outcome !== 'processed') {
      await client.query('ROLLBACK');
      return decided.outcome;
    }
    let answer: PostgresQueryResult;
    try {
      answer = await client.query('COMMIT');
    } catch (error) {
      throw commitFailed(error);
    }
    // An aborted transaction answers COMMIT with ROLLBACK, and no error: it is over, healthy.
    if (answer.command !== 'COMMIT') {
      healthy = true;
      throw notCommitted(table, answer.command, decided.failure);
    }
    return 'processed';
  } catch (error) {
    if (!healthy) broken ??= error instanceof Error ? error : new Error(messageOf(error));
    throw error;
  } finally {
    client.removeListener('error', onError);
    // A connection whose transaction failed half-way is closed, not handed to the next delivery.
    client.release(broken);
  }
}

/** What PostgreSQL said, for a message: its text and SQLSTATE, never the statement or its values. */
function describe(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return `${messageOf(error)}${typeof code === 'string' ? ` (SQLSTATE ${code})` : ''}`;
}

const SAVEPOINT_FIX =
  'A statement that may fail must not leave the transaction aborted: run it inside a SAVEPOINT and ' +
  '`ROLLBACK TO SAVEPOINT` when it fails, or write it so that it does not fail (`INSERT ... ON CONFLICT DO NOTHING` ' +
  'instead of catching a unique violation, 23505); or let the error out of the handler (500, retried).';

function notCommitted(table: WebhookTable, command: string | undefined, failure: { readonly error: unknown } | undefined) {
  const cause = failure
    ? `a statement of the handler failed (${describe(failure.error)}) and the handler went on`
    : 'a statement in the transaction failed and the handler went on';
  return new PostgresWebhookStoreError(
    'not_committed',
    `credit-platform: PostgreSQL did not commit the delivery (COMMIT answered ${command ?? 'nothing'}): ${cause}, which ` +
      `aborts the whole transaction, so neither the handler's writes nor the event id (table ${table.name}) were kept. ` +
      `Answered 503: nothing acknowledged, and the service's retry runs the handler again. ${SAVEPOINT_FIX}`,
    failure ? { cause: failure.error } : undefined,
  );
}

function commitFailed(error: unknown) {
  return new PostgresWebhookStoreError(
    'commit_failed',
    `credit-platform: COMMIT of the delivery failed: ${describe(error)}. Nothing was acknowledged (503); the ` +
      "service's retry runs the handler again, or finds the event done if the commit did reach the disk. A deferred " +
      "constraint or a serialization failure fails at COMMIT: check the handler's writes against them.",
    { cause: error },
  );
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
    const client = await pool.connect();
    let failed: Error | undefined;
    try {
      await client.query('BEGIN');
      await client.query("SELECT set_config('lock_timeout', $1, true)", [CREATOR_WAIT]);
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [table.lockKey]);
      await client.query("SELECT set_config('lock_timeout', $1, true)", [CREATE_LOCK_WAIT]);
      const [createTable, createIndex] = table.create as [string, string];
      const absent = await missingIn(client, table);
      if (absent.table) await client.query(createTable);
      if (absent.index) {
        try {
          await client.query(createIndex);
        } catch (error) {
          if (absent.table || (error as { code?: unknown }).code !== LOCK_NOT_AVAILABLE) throw error;
          await client.query('ROLLBACK');
          logger.warn(
            `credit-platform: the index on received_at of ${table.name} is missing and its table is busy; not created, ` +
              'so as not to hold deliveries up. Create it with CREATE INDEX CONCURRENTLY (the webhooks guide has the SQL).',
            { error: messageOf(error) },
          );
          return;
        }
      }
      await client.query('COMMIT');
    } catch (error) {
      failed = error instanceof Error ? error : new Error(messageOf(error));
      throw error;
    } finally {
      client.release(failed);
    }
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
async function missingIn(
  client: Pick<PostgresPoolClient, 'query'>,
  table: WebhookTable,
): Promise<{ table: boolean; index: boolean }> {
  const row = (await client.query(table.exists, [table.quoted])).rows[0] as
    | { table_exists?: unknown; index_exists?: unknown }
    | undefined;
  return { table: row?.table_exists !== true, index: row?.index_exists !== true };
}

/**
 * Starts a purge after a committed delivery when one is due, never two at once: every
 * `intervalMs`, and again at the next delivery while purges delete full batches.
 */
function purgeScheduler(intervalMs: number, purge: () => Promise<number>, logger: Pick<Logger, 'warn'>): { due(): void } {
  let next = 0;
  let running = false;
  return {
    due() {
      if (running || intervalMs === Number.POSITIVE_INFINITY || Date.now() < next) return;
      running = true;
      next = Date.now() + intervalMs;
      purge()
        .then((deleted) => {
          if (deleted >= PURGE_BATCH) next = 0;
        })
        .catch((error: unknown) =>
          logger.warn('credit-platform: purging expired webhook event ids failed', { error: messageOf(error) }),
        )
        .finally(() => {
          running = false;
        });
    },
  };
}
