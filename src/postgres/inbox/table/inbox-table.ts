// The inbox's table: its name checked as an SQL identifier, its schema version, and every statement
// on it but the workers' (worker-statements.ts). Event ids, bodies and every other value travel as
// parameters; only the checked, schema-qualified name is spliced.
import { checkTableName, type TableName } from '../../table-name.js';
import { type WorkerStatements, workerStatements } from './worker-statements.js';

/** The table an inbox uses unless told otherwise. */
export const DEFAULT_INBOX_TABLE = 'credit_platform_webhook_inbox';

/** The schema version this SDK reads and writes; 0.5's table, which has no version, is 1. */
export const INBOX_SCHEMA_VERSION = 2;

// Half of each page is left free when rows are inserted: each claim then writes the row's new
// version beside the old one, which updates no index (see worker-statements.ts).
const FILLFACTOR = 50;

// The table's comment holds its version: it travels with the table through dumps and restores.
const VERSION_COMMENT = `credit-platform webhook inbox, schema ${INBOX_SCHEMA_VERSION}`;
const VERSION_IN_COMMENT = /^credit-platform webhook inbox, schema ([0-9]{1,6})$/;

/** @internal The schema version a table's comment names; a table without one is 0.5's (1). */
export function schemaVersionOf(comment: unknown): number {
  const match = typeof comment === 'string' ? VERSION_IN_COMMENT.exec(comment) : null;
  return match ? Number(match[1]) : 1;
}

/** The statements on one inbox table, named with its schema. */
export interface InboxTable {
  /** The name as configured, for messages and `inbox.table`. */
  readonly name: string;
  /** `"schema"."table"`. */
  readonly quoted: string;
  /** Creates the table, its indexes and its version; run only when the table is missing, under `lockKey`. */
  readonly create: readonly string[];
  /** Upgrades a version 1 (0.5) table to this version, in place; under `lockKey`. */
  readonly upgrade: readonly string[];
  /** The advisory-lock key (`pg_advisory_xact_lock(hashtext($1))`) that serialises creation and upgrades. */
  readonly lockKey: string;
  /** `$1` key, `$2` type, `$3` signed time in ms since the epoch, `$4` body: one row inserted, or none for a known key. */
  readonly insert: string;
  /** Counts per status and the oldest pending event's age in ms. */
  readonly stats: string;
  /** `$1` status, `$2` cursor (received_at as text), `$3` cursor key, `$4` page size: one page, oldest first. */
  readonly page: string;
  /**
   * `$1` keys (an id's, and the digest key `list()` showed): a `done` or `dead` event back to
   * pending, due now, attempts reset. Matches nothing for a pending event, and skips a row another
   * session holds (a running handler) rather than wait for it.
   */
  readonly replayOne: string;
  /** Every dead event back to pending, due now, attempts reset. */
  readonly replayDead: string;
  /** `$1` retention in s, `$2` batch size: deletes at most `$2` done events received before the retention. */
  readonly purge: string;
  /** What the workers run. */
  readonly worker: WorkerStatements;
}

/** Checks `name` (`table` or `schema.table`, letters, digits, `_`) as the inbox's table. */
export function checkInboxTable(name: unknown, fn: string): TableName {
  return checkTableName(name, fn, 8, 'its indexes are named <table>_due, <table>_unkeyed, <table>_order, <table>_listing');
}

/** An SQL identifier, quoted: `"` doubled inside. */
function quoteIdentifier(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** @internal The statements on `name`'s table in `schema` (the schema `name` gives, or the one it was found in). */
export function inboxTable(name: TableName, schema: string): InboxTable {
  const { table } = name;
  const q = `${quoteIdentifier(schema)}.${quoteIdentifier(table)}`;
  return {
    name: name.name,
    quoted: q,
    create: [
      `CREATE TABLE IF NOT EXISTS ${q} (` +
        'event_id text PRIMARY KEY, type text NOT NULL, event_time timestamptz NOT NULL, body text NOT NULL, ' +
        "status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'dead')), " +
        'attempts integer NOT NULL DEFAULT 0, last_error text, order_key text, ' +
        'received_at timestamptz NOT NULL DEFAULT now(), due_at timestamptz NOT NULL DEFAULT now(), done_at timestamptz, ' +
        `started_at timestamptz, leased_until timestamptz) WITH (fillfactor = ${FILLFACTOR})`,
      `CREATE INDEX IF NOT EXISTS "${table}_due" ON ${q} (due_at, event_id) WHERE status = 'pending'`,
      `CREATE INDEX IF NOT EXISTS "${table}_unkeyed" ON ${q} (received_at) WHERE status = 'pending' AND order_key IS NULL`,
      `CREATE INDEX IF NOT EXISTS "${table}_order" ON ${q} (order_key, event_time, event_id) WHERE status = 'pending'`,
      `CREATE INDEX IF NOT EXISTS "${table}_listing" ON ${q} (status, received_at, event_id)`,
      `COMMENT ON TABLE ${q} IS '${VERSION_COMMENT}'`,
    ],
    // Version 2 records when an attempt starts and until when it is leased, so a worker that dies is
    // counted and no one else takes a running event. 0.5's workers claim by `run_at` alone and
    // would run a leased event again: the column's new name stops them with an error instead.
    upgrade: [
      `ALTER TABLE ${q} ADD COLUMN IF NOT EXISTS started_at timestamptz, ADD COLUMN IF NOT EXISTS leased_until timestamptz, ` +
        `SET (fillfactor = ${FILLFACTOR})`,
      `ALTER TABLE ${q} RENAME COLUMN run_at TO due_at`,
      `COMMENT ON TABLE ${q} IS '${VERSION_COMMENT}'`,
    ],
    lockKey: `credit-platform:${schema}.${table}`,
    insert:
      `INSERT INTO ${q} (event_id, type, event_time, body) VALUES ($1, $2, to_timestamp($3::double precision / 1000), $4) ` +
      'ON CONFLICT (event_id) DO NOTHING',
    stats:
      "SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'dead')::int AS dead, " +
      "count(*) FILTER (WHERE status = 'done')::int AS done, " +
      "(extract(epoch FROM now() - min(received_at) FILTER (WHERE status = 'pending')) * 1000)::float8 AS oldest_pending_ms " +
      `FROM ${q}`,
    page:
      `SELECT event_id, type, attempts, last_error, received_at, received_at::text AS cursor FROM ${q} ` +
      'WHERE status = $1 AND (received_at, event_id) > ($2::timestamptz, $3) ORDER BY received_at, event_id LIMIT $4',
    replayOne:
      `UPDATE ${q} SET status = 'pending', attempts = 0, due_at = now(), done_at = NULL, started_at = NULL, leased_until = NULL ` +
      `WHERE event_id = (SELECT event_id FROM ${q} WHERE event_id = ANY($1::text[]) AND status IN ('done', 'dead') ` +
      'LIMIT 1 FOR UPDATE SKIP LOCKED)',
    replayDead: `UPDATE ${q} SET status = 'pending', attempts = 0, due_at = now(), started_at = NULL, leased_until = NULL WHERE status = 'dead'`,
    purge:
      `DELETE FROM ${q} WHERE event_id IN (SELECT event_id FROM ${q} WHERE status = 'done' ` +
      'AND received_at < now() - make_interval(secs => $1) LIMIT $2 FOR UPDATE SKIP LOCKED)',
    worker: workerStatements(q, `${schema}.${table}`),
  };
}
