// Every statement a worker runs on the inbox table, in the order it runs them: claim (which counts
// the attempt and leases the event past its deadline, committed before the handler runs: on its
// own, or with the done mark of the event before), then, in the event's transaction, the done mark
// (with the next claim) or, after a rollback, the failed mark. Each mark names the attempt it
// closes, so a mark of a stale attempt matches nothing. The ones that run for every event are
// prepared statements.
import { type PreparedStatement, prepared } from './prepared-statement.js';

/** The statements a worker runs on one inbox table. */
export interface WorkerStatements {
  /**
   * `$1` the lease per attempt in s (`float8[]`, attempt n's at index n), `$2` maxAttempts: takes
   * the next due event and counts its attempt, committed on its own or with the done mark of the
   * event before: `attempts + 1`, `started_at` now, and `leased_until` the end of the lease: no
   * other worker takes it before (a worker that dies leaves it so). An event whose
   * previous attempt started and never finished (`died`) gets that attempt's last error, or goes
   * `dead` when it was the last. Answers `event_id`, `type`, `body`, `attempts`, `status`,
   * `order_key` and `died`; no row when nothing is due.
   */
  readonly claim: PreparedStatement;
  /**
   * As `claim`, for a worker with `orderKey`, `$3` the prefix of the keys' advisory locks: only
   * keyed events, and only one with no earlier pending event of its key (one running or waiting for
   * its retry holds it back) and no event of its key running (its transaction holds the key's lock).
   */
  readonly claimInOrder: PreparedStatement;
  /** The session a connection runs: `pid` and `began` (its `backend_start`, as text), for `endSession`. */
  readonly session: string;
  /** `$1` the key's advisory-lock text: `locked`, true when no other transaction runs an event of the key. */
  readonly lockKey: string;
  /** `$1` key, `$2` attempt: hands a claim that did not start back (uncounted, due now); matches nothing once another attempt counted. */
  readonly giveBack: string;
  /** `$1` key, `$2` attempt: the event is done. Matches one row, or none if the attempt is not the event's current one. */
  readonly markDone: PreparedStatement;
  /**
   * `markDone` (`$3` key, `$4` attempt) and `claim` (`$1`, `$2`) in one statement: one row,
   * `done` (the rows the mark matched) and the claimed event's columns, null when none was due.
   */
  readonly markDoneClaimNext: PreparedStatement;
  /**
   * `$1` key, `$2` redacted error, `$3` maxAttempts, `$4` retry delay in s, `$5` attempt: the
   * attempt failed; pending again after the delay, or dead after the last. Answers `status` and
   * `due_at`; matches nothing if the attempt is not the event's current one.
   */
  readonly markFailed: string;
  /**
   * `$1` the `pid` and `$2` the `began` that `session` answered: ends the session of an event past
   * its deadline, if it still runs (a later session that got the same pid is left alone).
   */
  readonly endSession: string;
  /** `$1` batch size: pending events whose order key is not computed yet: `event_id`, `body`. */
  readonly unkeyed: string;
  /** `$1` keys, `$2` order keys (`''` for none), as arrays: stores the keys still missing. */
  readonly setKeys: string;
  /** The text the advisory-lock key of an order key starts with (`$3` of `claimInOrder`). */
  readonly keyLockPrefix: string;
}

// A claim also runs at the end of a done event's transaction, whose now() is when that event
// started: its times are the statement's, so the lease it sets runs from the claim.

// The claim's order: due first (due_at starts as the time received), the id breaking ties. The
// `_due` index holds exactly this order, so a claim reads few entries however many are pending:
// those of the events running (leased, passed over), then the first one due.
//
// The claim changes no column an index holds or filters on (due_at and status stay as they are;
// the lease has a column of its own), so PostgreSQL writes the row's new version on its own page
// and no index entry (a HOT update; the table leaves pages half empty for it): one event costs
// about what a hand-written SKIP LOCKED loop pays, the attempt counted before its handler included.
const CLAIM_ORDER = 'ORDER BY e.due_at, e.event_id LIMIT 1 FOR UPDATE OF e SKIP LOCKED';

/** Counts the attempt of the event the query `next` selected; see {@link WorkerStatements.claim}. */
function countAttempt(q: string): string {
  const last = 'next.died AND t.attempts >= $2';
  return (
    `UPDATE ${q} AS t SET ` +
    `attempts = CASE WHEN ${last} THEN t.attempts ELSE t.attempts + 1 END, ` +
    `status = CASE WHEN ${last} THEN 'dead' ELSE 'pending' END, ` +
    `started_at = CASE WHEN ${last} THEN NULL ELSE statement_timestamp() END, ` +
    "last_error = CASE WHEN next.died THEN format('the worker died during attempt %s of %s: its process ended, or lost " +
    "its database connection, before the attempt finished', t.attempts, $2::int) ELSE t.last_error END, " +
    `leased_until = CASE WHEN ${last} THEN NULL ELSE statement_timestamp() + ` +
    'make_interval(secs => ($1::float8[])[least(t.attempts + 1, cardinality($1::float8[]))]) END ' +
    'FROM next WHERE t.event_id = next.event_id ' +
    'RETURNING t.event_id, t.type, t.body, t.attempts, t.status, t.order_key, next.died'
  );
}

/** @internal The worker's statements on the table `q` (quoted, schema-qualified), `name` unquoted. */
export function workerStatements(q: string, name: string): WorkerStatements {
  const pendingEarlier =
    `SELECT 1 FROM ${q} AS p WHERE p.status = 'pending' AND p.order_key = e.order_key ` +
    'AND (p.event_time, p.event_id) < (e.event_time, e.event_id)';
  const due =
    "e.status = 'pending' AND e.due_at <= statement_timestamp() AND (e.leased_until IS NULL OR e.leased_until <= statement_timestamp())";
  const next = (also: string) =>
    `SELECT e.event_id, e.started_at IS NOT NULL AS died FROM ${q} AS e WHERE ${due} ${also} ${CLAIM_ORDER}`;
  const done = (key: string, attempt: string) =>
    `UPDATE ${q} SET status = 'done', done_at = now(), started_at = NULL, leased_until = NULL ` +
    `WHERE event_id = ${key} AND attempts = ${attempt} AND status = 'pending'`;
  return {
    claim: prepared(`WITH next AS (${next('')}) ${countAttempt(q)}`),
    // The key's advisory lock, tried here, is held by the transaction of every event of the key that
    // runs: a second event of the key (even one signed earlier that arrived after it started) waits.
    claimInOrder: prepared(
      `WITH next AS (${next(
        'AND e.order_key IS NOT NULL ' +
          `AND (e.order_key = '' OR (NOT EXISTS (${pendingEarlier}) AND pg_try_advisory_xact_lock(hashtext($3 || e.order_key))))`,
      )}) ${countAttempt(q)}`,
    ),
    session: 'SELECT pid, backend_start::text AS began FROM pg_stat_activity WHERE pid = pg_backend_pid()',
    lockKey: 'SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked',
    giveBack:
      `UPDATE ${q} SET attempts = attempts - 1, started_at = NULL, leased_until = NULL ` +
      "WHERE event_id = $1 AND attempts = $2 AND status = 'pending'",
    markDone: prepared(done('$1', '$2')),
    // The event just marked is still pending in the statement's snapshot, and its lock is this
    // transaction's, which SKIP LOCKED does not skip: the claim passes over it by name.
    markDoneClaimNext: prepared(
      `WITH done AS (${done('$3', '$4')} RETURNING 1), next AS (${next('AND e.event_id <> $3')}), ` +
        `claimed AS (${countAttempt(q)}) ` +
        'SELECT (SELECT count(*) FROM done)::int AS done, claimed.* FROM (VALUES (1)) AS one LEFT JOIN claimed ON true',
    ),
    markFailed:
      `UPDATE ${q} SET last_error = $2, started_at = NULL, leased_until = NULL, ` +
      "status = CASE WHEN attempts >= $3 THEN 'dead' ELSE 'pending' END, due_at = now() + make_interval(secs => $4) " +
      "WHERE event_id = $1 AND attempts = $5 AND status = 'pending' RETURNING status, due_at",
    endSession: 'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = $1 AND backend_start = $2::timestamptz',
    unkeyed: `SELECT event_id, body FROM ${q} WHERE status = 'pending' AND order_key IS NULL ORDER BY received_at LIMIT $1`,
    setKeys:
      `UPDATE ${q} AS e SET order_key = k.order_key FROM unnest($1::text[], $2::text[]) AS k(event_id, order_key) ` +
      'WHERE e.event_id = k.event_id AND e.order_key IS NULL',
    keyLockPrefix: `credit-platform-inbox:${name}:`,
  };
}
