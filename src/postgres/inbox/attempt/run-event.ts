// One event's run. The claim counts the attempt in a committed statement, so an attempt whose
// worker dies is still counted, and leases the event past the attempt's deadline; the event's
// transaction then runs the handler under that deadline, and commits its writes with the `done`
// mark, or rolls them back, after which the failed attempt is recorded. The statement that marks an
// event done also claims the next one, so that one commit both closes an attempt and counts the
// next: a worker that keeps finding events runs them one after another, one commit each.
import type { UnknownWebhookEvent, WebhookEvent } from '../../../webhooks/index.js';
import { type CheckedOutConnection, withConnection } from '../../pooled-connection.js';
import { guardTransactionClient } from '../../guarded-client.js';
import type { PostgresPool, PostgresPoolClient } from '../../postgres-pool.js';
import { notCommitted, runTransaction, type TransactionWording } from '../../transaction.js';
import { errorText } from '../error-text.js';
import { type BackendSession, backendSession } from './backend-session.js';
import { type Claim, type ClaimedRow, claimEvent } from './claim.js';
import type { AfterFailure, FailedAttempt } from '../failure-log.js';
import type { InboxTable } from '../table/inbox-table.js';
import { retryDelaySeconds } from '../options.js';
import { storedEvent } from '../stored-event.js';
import type { WebhookInboxContext } from '../work-options.js';

// PostgreSQL's SQLSTATE of a statement in a transaction an earlier failure aborted.
const IN_FAILED_TRANSACTION = '25P02';
/** @internal What a worker needs to run events. */
export interface EventRunner<Client extends PostgresPoolClient> {
  readonly pool: PostgresPool<Client>;
  readonly maxAttempts: number;
  readonly retryDelayMs: (attempt: number) => number;
  /** `attemptLeases`, as `leasesParameter` writes them. */
  readonly leases: string;
  /** Whether only keyed events are claimed, in their keys' order. */
  readonly ordered: boolean;
  /** The deadline of one attempt, in ms from its claim. */
  readonly timeoutMs: number;
  /** Aborted when the worker stops: every handler's `context.signal` aborts with it. */
  readonly stopping: AbortSignal;
  /** Runs the handler of `event`; resolves when it settles. */
  readonly handle: (event: WebhookEvent | UnknownWebhookEvent, context: WebhookInboxContext<Client>) => Promise<void>;
  /** Told about each failed attempt (a log line, and `onError`). */
  readonly report: (failed: FailedAttempt, error: unknown, event: WebhookEvent | UnknownWebhookEvent | undefined) => void;
}

/** @internal What came of one try: no due event, the event done, or an attempt failed (recorded). */
export type RunResult = 'none' | 'done' | 'failed';

/** Why a claimed event did not run: the worker is stopping, or another event of its key runs. */
type NotRun = 'stopping' | 'key_busy';

/** The done mark committed, with the next event's claim when there was one. */
interface Done {
  readonly next: Claim | undefined;
}

function eventOf(body: string): WebhookEvent | UnknownWebhookEvent | undefined {
  try {
    return storedEvent(body);
  } catch {
    return undefined;
  }
}

function timedOut(ms: number): Error {
  return new Error(
    `credit-platform: timed out after ${ms} ms (timeoutMs): the handler had not settled, so context.signal was ` +
      'aborted, its transaction rolled back and its connection closed. Give the handler a deadline of its own below ' +
      'timeoutMs (pass context.signal to what it awaits), or raise timeoutMs.',
  );
}

function markMissed(table: InboxTable, row: ClaimedRow): Error {
  return new Error(
    `credit-platform: the done mark of event ${row.event_id}, attempt ${row.attempts}, matched no row of ${table.quoted}: ` +
      'the event changed while its handler ran (replayed, deleted, or its row edited), so its transaction was rolled ' +
      "back, the handler's writes with it.",
  );
}

/** What the done mark matched (1, or 0 for a stale attempt), and the next event's claim if it made one. */
interface Marked {
  readonly matched: number | null;
  readonly next: Claim | undefined;
}

/** Marks the event done, claiming the next one in the same statement when `claimNext`. */
async function markDone<Client extends PostgresPoolClient>(
  client: Client,
  table: InboxTable,
  runner: EventRunner<Client>,
  row: ClaimedRow,
  claimNext: boolean,
): Promise<Marked> {
  if (!claimNext) {
    const { rowCount } = await client.query({ ...table.worker.markDone, values: [row.event_id, row.attempts] });
    return { matched: rowCount, next: undefined };
  }
  const { rows } = await client.query({
    ...table.worker.markDoneClaimNext,
    values: [runner.leases, runner.maxAttempts, row.event_id, row.attempts],
  });
  // Always one row: the mark's count, and the next event's columns (null when none was due).
  const [answer] = rows as [ClaimedRow & { done: number }];
  return { matched: answer.done, next: answer.event_id === null ? undefined : { row: answer, claimedAt: performance.now() } };
}

/** Resolves or rejects as `run` does, or rejects with `onDeadline()`'s error after `ms`. */
function withDeadline(run: Promise<void>, ms: number, onDeadline: () => Error): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(onDeadline()), ms);
    run.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Records a failed attempt and reports it; on `client` when healthy, else on a connection of the pool. */
async function recordFailure<Client extends PostgresPoolClient>(
  runner: EventRunner<Client>,
  table: InboxTable,
  connection: CheckedOutConnection<Client>,
  row: ClaimedRow,
  error: unknown,
): Promise<'failed'> {
  const text = errorText(error);
  const delay = retryDelaySeconds(runner.retryDelayMs, row.attempts);
  const values = [row.event_id, text, runner.maxAttempts, delay, row.attempts];
  const { rows } = connection.discarded
    ? await runner.pool.query(table.worker.markFailed, values)
    : await connection.client.query(table.worker.markFailed, values);
  const marked = rows[0] as { status: string; due_at: Date | string } | undefined;
  let after: AfterFailure = { status: 'unrecorded' };
  if (marked?.status === 'dead') after = { status: 'dead' };
  else if (marked?.status === 'pending') after = { status: 'pending', runAt: new Date(marked.due_at) };
  runner.report(
    { eventId: row.event_id, type: row.type, attempt: row.attempts, maxAttempts: runner.maxAttempts, error: text, after },
    error,
    eventOf(row.body),
  );
  return 'failed';
}

/** Reports the attempt before this one, whose worker died: the claim recorded it. */
function reportDied<Client extends PostgresPoolClient>(runner: EventRunner<Client>, row: ClaimedRow): void {
  const dead = row.status === 'dead';
  const attempt = dead ? row.attempts : row.attempts - 1;
  const error = new Error(
    `credit-platform: the worker died during attempt ${attempt} of ${runner.maxAttempts}: its process ended, or lost its ` +
      'database connection, before the attempt finished.',
  );
  const after: AfterFailure = dead ? { status: 'dead' } : { status: 'pending', runAt: new Date() };
  runner.report(
    { eventId: row.event_id, type: row.type, attempt, maxAttempts: runner.maxAttempts, error: errorText(error), after },
    error,
    eventOf(row.body),
  );
}

/**
 * Runs the claimed event in its transaction: the key's lock for an ordered worker, the handler
 * under its deadline, the done mark (one row, or the transaction rolls back), and the claim of the
 * next event. Resolves with that claim, or why the event did not run; rejects with the attempt's
 * failure.
 */
async function runClaimed<Client extends PostgresPoolClient>(
  runner: EventRunner<Client>,
  table: InboxTable,
  connection: CheckedOutConnection<Client>,
  { row, claimedAt }: Claim,
  event: WebhookEvent | UnknownWebhookEvent,
): Promise<Done | NotRun> {
  const controller = new AbortController();
  const stop = () => controller.abort(new Error('credit-platform: the inbox worker is stopping.'));
  if (runner.stopping.aborted) stop();
  else runner.stopping.addEventListener('abort', stop, { once: true });
  const guarded = guardTransactionClient(connection.client);
  const wording: TransactionWording = {
    subject: `event ${row.event_id}`,
    kept: 'its done mark',
    next: 'The attempt failed.',
    letOut: '(a failed attempt)',
    terse: true,
    unsure: 'The attempt is recorded as failed; if the commit did reach the disk, the event is done and stays so.',
  };
  try {
    return await runTransaction<Client, Done | NotRun>(
      connection,
      async (client) => {
        if (runner.ordered && row.order_key) {
          const { rows } = await client.query(table.worker.lockKey, [table.worker.keyLockPrefix + row.order_key]);
          if ((rows[0] as { locked?: unknown } | undefined)?.locked !== true)
            return { commit: false, value: 'key_busy' as const };
        }
        // The lease ends a retry delay after this deadline: the attempt is closed before another worker may take the event.
        const deadlineMs = Math.max(runner.timeoutMs - (performance.now() - claimedAt), 0);
        await withDeadline(
          runner.handle(event, { db: guarded.db, attempt: row.attempts, signal: controller.signal }),
          deadlineMs,
          () => {
            const error = timedOut(runner.timeoutMs);
            controller.abort(error);
            guarded.settle();
            // Closing the connection rolls the transaction back, whatever query the handler left running.
            connection.discard(error);
            return error;
          },
        );
        guarded.settle();
        // An ordered worker's claim holds its key's lock until this commit: it claims on its own.
        const claimNext = !runner.ordered && !runner.stopping.aborted;
        let marked: Marked;
        try {
          marked = await markDone(client, table, runner, row, claimNext);
        } catch (error) {
          // The handler's statement that failed (and that it caught) says why, better than ours.
          if ((error as { code?: unknown }).code === IN_FAILED_TRANSACTION)
            throw notCommitted(wording, 'ROLLBACK', guarded.firstFailure() ?? { error });
          throw error;
        }
        if (marked.matched !== 1) throw markMissed(table, row);
        return { commit: true, value: { next: marked.next }, failure: guarded.firstFailure() };
      },
      wording,
    );
  } finally {
    guarded.settle();
    runner.stopping.removeEventListener('abort', stop);
  }
}

/** Runs one claimed event on `connection`. Resolves with what came of it, and the next event's claim. */
async function runOne<Client extends PostgresPoolClient>(
  runner: EventRunner<Client>,
  table: InboxTable,
  connection: CheckedOutConnection<Client>,
  claim: Claim,
): Promise<{ readonly result: RunResult; readonly next?: Claim | undefined }> {
  const { row } = claim;
  if (row.died) reportDied(runner, row);
  if (row.status === 'dead') return { result: 'failed' };
  let event: WebhookEvent | UnknownWebhookEvent;
  try {
    event = storedEvent(row.body);
  } catch (error) {
    return { result: await recordFailure(runner, table, connection, row, error) };
  }
  // A claim that came with the last event's commit, as the worker began to stop: not run after all.
  const outcome = runner.stopping.aborted ? ('stopping' as const) : await runGuarded(runner, table, connection, claim, event);
  if (typeof outcome === 'object') return outcome;
  // Not run: uncounted, due again at once (unless another worker counted it since).
  await (connection.discarded ? runner.pool : connection.client).query(table.worker.giveBack, [row.event_id, row.attempts]);
  return { result: 'none' };
}

/** {@link runClaimed}, with a failed attempt recorded: resolves `{ result: 'failed' }` then. */
async function runGuarded<Client extends PostgresPoolClient>(
  runner: EventRunner<Client>,
  table: InboxTable,
  connection: CheckedOutConnection<Client>,
  claim: Claim,
  event: WebhookEvent | UnknownWebhookEvent,
): Promise<{ readonly result: 'done' | 'failed'; readonly next?: Claim | undefined } | NotRun> {
  let session: BackendSession | undefined;
  try {
    session = await backendSession(connection.client, table);
    const outcome = await runClaimed(runner, table, connection, claim, event);
    return typeof outcome === 'object' ? { result: 'done', next: outcome.next } : outcome;
  } catch (error) {
    if (connection.discarded && session !== undefined) {
      // A session that outlived its connection (a query still running) would hold the handler's locks: end it.
      await runner.pool.query(table.worker.endSession, [session.pid, session.began]).catch(() => undefined);
    }
    return { result: await recordFailure(runner, table, connection, claim.row, error) };
  }
}

/**
 * @internal Claims the next due event and runs it, then each event its commit claimed, until one
 * finds nothing due or fails. Resolves whether an event ran (done or failed). Rejects only when the
 * database failed outside an attempt (the first claim, or recording a failure); an attempt counted
 * and never closed is reported by the claim that next takes the event.
 */
export async function runEvents<Client extends PostgresPoolClient>(
  runner: EventRunner<Client>,
  table: InboxTable,
): Promise<boolean> {
  let claim = await withConnection(runner.pool, (connection) => claimEvent(connection.client, table, runner));
  let ran = false;
  while (claim !== undefined) {
    const claimed = claim;
    // A connection per event: between two events, the pool may hand it to a waiting receiver.
    const { result, next } = await withConnection(runner.pool, (connection) => runOne(runner, table, connection, claimed));
    if (result !== 'none') ran = true;
    claim = next;
  }
  return ran;
}
