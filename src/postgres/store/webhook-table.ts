// The store's table: its name checked as an SQL identifier (and quoted), and every statement on
// it. The event id and every other value travel as parameters; only the checked name is spliced.
import { checkTableName } from '../table-name.js';

/** The table a store uses unless told otherwise. */
export const DEFAULT_TABLE = 'credit_platform_webhook_events';

/** The statements on one table. */
export interface WebhookTable {
  /** The name as given, for messages. */
  readonly name: string;
  /**
   * `$1` the quoted name: one row, `table_exists` and `index_exists` (an index whose first column
   * is `received_at`, whatever its name). Reads the catalog only: it takes no lock on the table.
   */
  readonly exists: string;
  /** Creates the table and its index if absent; run under the advisory lock `lockKey`. */
  readonly create: readonly string[];
  /** `$1` the quoted name, for {@link WebhookTable.exists}. */
  readonly quoted: string;
  /**
   * `$1` a wait such as `'5000ms'`: sets the transaction's `lock_timeout` to it, answering the value
   * it replaces as `previous`. OFFSET 0 keeps the subquery a step of its own, read before the set.
   */
  readonly setLockWait: string;
  /**
   * Takes the lock an insert needs, first and on its own: a lock timeout here means the table is
   * locked (DDL, a migration), never that the id is held.
   */
  readonly lockForInsert: string;
  /** The advisory-lock key (a parameter of `pg_advisory_xact_lock(hashtext($1))`) that serialises creation. */
  readonly lockKey: string;
  /** `$1` event id; one row inserted, or none when the id is there. */
  readonly insert: string;
  /**
   * `$1` event id, `$2` the `lock_timeout` to put back once the insert is done (see
   * `lockForInsert`): one row, `inserted` 1 or 0. The restore reads the insert's result, so it runs after it.
   */
  readonly insertThenRestore: string;
  /** `$1` event id. */
  readonly remove: string;
  /** `$1` retention in seconds, `$2` batch size: deletes at most `$2` expired rows. */
  readonly purge: string;
}

/** Checks `name` (`table` or `schema.table`, letters, digits, `_`) and builds the statements. */
export function webhookTable(name: unknown, fn: string): WebhookTable {
  const { name: text, table, quoted } = checkTableName(name, fn, 12, 'its index is named <table>_received_at');
  return {
    name: text,
    quoted,
    exists:
      "SELECT to_regclass($1) IS NOT NULL AS table_exists, EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0] WHERE i.indrelid = to_regclass($1) AND a.attname = 'received_at') AS index_exists",
    setLockWait:
      "SELECT before.previous, set_config('lock_timeout', $1, true) FROM (SELECT current_setting('lock_timeout') AS previous OFFSET 0) AS before",
    lockForInsert: `LOCK TABLE ${quoted} IN ROW EXCLUSIVE MODE`,
    create: [
      `CREATE TABLE IF NOT EXISTS ${quoted} (event_id text PRIMARY KEY, received_at timestamptz NOT NULL DEFAULT now())`,
      `CREATE INDEX IF NOT EXISTS "${table}_received_at" ON ${quoted} (received_at)`,
    ],
    lockKey: `credit-platform:${text}`,
    insert: `INSERT INTO ${quoted} (event_id) VALUES ($1) ON CONFLICT (event_id) DO NOTHING`,
    insertThenRestore:
      `WITH inserted AS (INSERT INTO ${quoted} (event_id) VALUES ($1) ON CONFLICT (event_id) DO NOTHING RETURNING 1) ` +
      "SELECT count(*)::int AS inserted, set_config('lock_timeout', $2, true) FROM inserted",
    remove: `DELETE FROM ${quoted} WHERE event_id = $1`,
    // SKIP LOCKED: processes purging at once take different rows instead of queueing on the same ones.
    purge:
      `DELETE FROM ${quoted} WHERE event_id IN (SELECT event_id FROM ${quoted} ` +
      'WHERE received_at < now() - make_interval(secs => $1) LIMIT $2 FOR UPDATE SKIP LOCKED)',
  };
}
