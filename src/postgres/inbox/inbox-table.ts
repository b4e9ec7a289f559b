// The inbox's table: its name checked as an SQL identifier (and quoted), and every statement on it.
// Event ids, bodies and every other value travel as parameters; only the checked name is spliced.
import { ConfigurationError } from '../../errors/index.js';

/** The table an inbox uses unless told otherwise. */
export const DEFAULT_INBOX_TABLE = 'credit_platform_webhook_inbox';

// PostgreSQL keeps 63 bytes of a name; the longest index name is `<table>_listing`, 8 more.
const TABLE_PART = /^[A-Za-z_][A-Za-z0-9_]{0,54}$/;
const SCHEMA_PART = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

// The columns a worker reads of a claimed event.
const CLAIMED = 'e.event_id, e.body, e.attempts';
// The claim's order: due first, then as received.
const CLAIM_ORDER = 'ORDER BY e.run_at, e.received_at, e.event_id LIMIT 1 FOR UPDATE OF e SKIP LOCKED';

/** The statements on one inbox table. */
export interface InboxTable {
  /** The name as given, for messages and `inbox.table`. */
  readonly name: string;
  /** The quoted name, for `to_regclass`. */
  readonly quoted: string;
  /** Creates the table and its indexes; run only when the table is missing, under `lockKey`. */
  readonly create: readonly string[];
  /** The advisory-lock key (`pg_advisory_xact_lock(hashtext($1))`) that serialises creation. */
  readonly lockKey: string;
  /** `$1` key, `$2` type, `$3` signed time in ms since the epoch, `$4` body: one row inserted, or none for a known key. */
  readonly insert: string;
  /** The next due event, locked (none when every due one is taken): `event_id`, `body`, `attempts`. */
  readonly claim: string;
  /**
   * As `claim`, for a worker with `orderKey`: only keyed events, and only one with no earlier
   * pending event of its key (an earlier one being run or waiting for its retry holds it back).
   */
  readonly claimInOrder: string;
  /** `$1` batch size: pending events whose order key is not computed yet: `event_id`, `body`. */
  readonly unkeyed: string;
  /** `$1` keys, `$2` order keys (`''` for none), as arrays: stores the keys still missing. */
  readonly setKeys: string;
  /** `$1` key: the event is done. */
  readonly markDone: string;
  /**
   * `$1` key, `$2` redacted error, `$3` maxAttempts, `$4` retry delay in s, `$5` the attempts
   * the claim read: one more failed attempt, then pending again after the delay or dead.
   * Answers `status`. Matches nothing if another worker already counted this attempt.
   */
  readonly markFailed: string;
  /** Counts per status and the oldest pending event's age in ms. */
  readonly stats: string;
  /** `$1` status, `$2` cursor (received_at as text), `$3` cursor key, `$4` page size: one page, oldest first. */
  readonly page: string;
  /** `$1` key: back to pending, due now, attempts reset. */
  readonly replayOne: string;
  /** Every dead event back to pending, due now, attempts reset. */
  readonly replayDead: string;
  /** `$1` retention in s, `$2` batch size: deletes at most `$2` done events received before the retention. */
  readonly purge: string;
}

/** Checks `name` (`table` or `schema.table`, letters, digits, `_`) and builds the statements. */
export function inboxTable(name: unknown, fn: string): InboxTable {
  const text = typeof name === 'string' ? name : '';
  const parts = text.split('.');
  const table = parts.at(-1) ?? '';
  const schemaFits = parts.length === 1 || (parts.length === 2 && SCHEMA_PART.test(parts[0] ?? ''));
  if (!schemaFits || !TABLE_PART.test(table)) {
    throw new ConfigurationError(
      'table',
      `${fn}: \`table\` must be a table name, optionally with its schema (\`table\` or \`schema.table\`), made of ` +
        'letters, digits and underscores, not starting with a digit, the table part at most 55 characters ' +
        `(its indexes are named <table>_due, <table>_order, <table>_listing); got ${typeof name === 'string' ? JSON.stringify(name.slice(0, 80)) : typeof name}.`,
    );
  }
  // Quoted, so the name is taken exactly as written (case included) and never as SQL.
  const q = parts.map((part) => `"${part}"`).join('.');
  const pendingEarlier =
    `SELECT 1 FROM ${q} AS p WHERE p.status = 'pending' AND p.order_key = e.order_key ` +
    'AND (p.event_time, p.event_id) < (e.event_time, e.event_id)';
  return {
    name: text,
    quoted: q,
    create: [
      `CREATE TABLE IF NOT EXISTS ${q} (` +
        'event_id text PRIMARY KEY, type text NOT NULL, event_time timestamptz NOT NULL, body text NOT NULL, ' +
        "status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'dead')), " +
        'attempts integer NOT NULL DEFAULT 0, last_error text, order_key text, ' +
        'received_at timestamptz NOT NULL DEFAULT now(), run_at timestamptz NOT NULL DEFAULT now(), done_at timestamptz)',
      `CREATE INDEX IF NOT EXISTS "${table}_due" ON ${q} (run_at) WHERE status = 'pending'`,
      `CREATE INDEX IF NOT EXISTS "${table}_order" ON ${q} (order_key, event_time, event_id) WHERE status = 'pending'`,
      `CREATE INDEX IF NOT EXISTS "${table}_listing" ON ${q} (status, received_at, event_id)`,
    ],
    lockKey: `credit-platform:${text}`,
    insert:
      `INSERT INTO ${q} (event_id, type, event_time, body) VALUES ($1, $2, to_timestamp($3::double precision / 1000), $4) ` +
      'ON CONFLICT (event_id) DO NOTHING',
    claim: `SELECT ${CLAIMED} FROM ${q} AS e WHERE e.status = 'pending' AND e.run_at <= now() ${CLAIM_ORDER}`,
    claimInOrder:
      `SELECT ${CLAIMED} FROM ${q} AS e WHERE e.status = 'pending' AND e.run_at <= now() AND e.order_key IS NOT NULL ` +
      `AND (e.order_key = '' OR NOT EXISTS (${pendingEarlier})) ${CLAIM_ORDER}`,
    unkeyed: `SELECT event_id, body FROM ${q} WHERE status = 'pending' AND order_key IS NULL ORDER BY received_at LIMIT $1`,
    setKeys:
      `UPDATE ${q} AS e SET order_key = k.order_key FROM unnest($1::text[], $2::text[]) AS k(event_id, order_key) ` +
      'WHERE e.event_id = k.event_id AND e.order_key IS NULL',
    markDone: `UPDATE ${q} SET status = 'done', done_at = now() WHERE event_id = $1`,
    markFailed:
      `UPDATE ${q} SET attempts = attempts + 1, last_error = $2, ` +
      "status = CASE WHEN attempts + 1 >= $3 THEN 'dead' ELSE 'pending' END, " +
      'run_at = now() + make_interval(secs => $4) ' +
      "WHERE event_id = $1 AND status = 'pending' AND attempts = $5 RETURNING status",
    stats:
      "SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'dead')::int AS dead, " +
      "count(*) FILTER (WHERE status = 'done')::int AS done, " +
      "(extract(epoch FROM now() - min(received_at) FILTER (WHERE status = 'pending')) * 1000)::float8 AS oldest_pending_ms " +
      `FROM ${q}`,
    page:
      `SELECT event_id, type, attempts, last_error, received_at, received_at::text AS cursor FROM ${q} ` +
      'WHERE status = $1 AND (received_at, event_id) > ($2::timestamptz, $3) ORDER BY received_at, event_id LIMIT $4',
    replayOne: `UPDATE ${q} SET status = 'pending', attempts = 0, run_at = now(), done_at = NULL WHERE event_id = $1`,
    replayDead: `UPDATE ${q} SET status = 'pending', attempts = 0, run_at = now() WHERE status = 'dead'`,
    purge:
      `DELETE FROM ${q} WHERE event_id IN (SELECT event_id FROM ${q} WHERE status = 'done' ` +
      'AND received_at < now() - make_interval(secs => $1) LIMIT $2 FOR UPDATE SKIP LOCKED)',
  };
}
