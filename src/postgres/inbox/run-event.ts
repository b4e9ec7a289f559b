// One event's run: claim it in a transaction, run its handler inside a savepoint of that
// transaction, and commit the handler's writes together with the `done` mark; or roll the handler
// back to the savepoint and commit the failed attempt instead.
import type { UnknownWebhookEvent, WebhookEvent } from '../../webhooks/index.js';
import { guardTransactionClient } from '../guarded-client.js';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from '../postgres-pool.js';
import { errorText } from './error-text.js';
import type { InboxTable } from './inbox-table.js';
import { retryDelaySeconds } from './attempt-delay.js';
import { storedEvent } from './stored-event.js';

// A name a handler's own savepoints are unlikely to reuse.
const SAVEPOINT = 'credit_platform_inbox_handler';
// PostgreSQL's SQLSTATE for a statement in a transaction that an earlier failure aborted.
const IN_FAILED_TRANSACTION = '25P02';

/** @internal What a worker needs to run events. */
export interface EventRunner<Client extends PostgresPoolClient> {
  readonly pool: PostgresPool<Client>;
  readonly table: InboxTable;
  readonly maxAttempts: number;
  readonly retryDelayMs: (attempt: number) => number;
  /** Whether only keyed events are claimed, in their keys' order. */
  readonly ordered: boolean;
  /** Runs the handler of `event` on `db`; resolves when it settles. */
  readonly handle: (event: WebhookEvent | UnknownWebhookEvent, db: Client, attempt: number) => Promise<void>;
  /** Told about each failed attempt. */
  readonly onError: (error: unknown, event?: WebhookEvent | UnknownWebhookEvent) => void;
}

interface ClaimedRow {
  readonly event_id: string;
  readonly body: string;
  readonly attempts: number;
}

/** @internal What came of one try: no due event, the event done, or an attempt failed (recorded). */
export type RunResult = 'none' | 'done' | 'failed';

/** The error a handler's transaction is reported with when it was aborted under a caught failure. */
function abortedTransaction(cause: unknown): Error {
  return new Error(
    "credit-platform: the handler's transaction was aborted: one of its statements failed and the handler caught the " +
      'error, so PostgreSQL discarded everything it wrote. Nothing was committed; the event will be retried. Run a ' +
      'statement that may fail inside a savepoint (SAVEPOINT … / ROLLBACK TO SAVEPOINT …), or avoid the failure ' +
      '(INSERT … ON CONFLICT DO NOTHING).',
    { cause },
  );
}

function notCommitted(result: PostgresQueryResult): Error | undefined {
  // node-postgres reports the command tag: COMMIT on an aborted transaction answers ROLLBACK, no error.
  const { command } = result;
  if (command === 'COMMIT') return undefined;
  return new Error(`credit-platform: COMMIT of the event's transaction answered ${String(command)}: nothing was committed.`);
}

/**
 * @internal Claims the next due event and runs it. Rejects only when the database failed before or
 * after the handler (the event then stays as it was, due again at once, since its claim died with
 * the transaction).
 */
export async function runNextEvent<Client extends PostgresPoolClient>(runner: EventRunner<Client>): Promise<RunResult> {
  const { pool, table } = runner;
  const client = await pool.connect();
  let broken: Error | undefined;
  const onClientError = (error: Error) => {
    broken = error;
  };
  client.on('error', onClientError);
  // A failure to record after this transaction is gone: on another connection, once this one is released.
  let recordLater: { key: string; text: string; attempts: number } | undefined;
  let result: RunResult;
  try {
    // One round trip: none of the three takes a parameter, so they go as one simple query, whose
    // answer node-postgres gives as one result per statement.
    const answered: unknown = await client.query(
      `BEGIN; ${runner.ordered ? table.claimInOrder : table.claim}; SAVEPOINT ${SAVEPOINT}`,
    );
    const claimed = Array.isArray(answered) ? (answered[1] as PostgresQueryResult | undefined) : undefined;
    if (claimed === undefined)
      throw new Error('credit-platform: the claim did not answer one result per statement; is `pool` a node-postgres Pool?');
    const row = claimed.rows[0] as ClaimedRow | undefined;
    if (row === undefined) {
      await client.query('ROLLBACK');
      return 'none';
    }
    const attempt = row.attempts + 1;
    let event: WebhookEvent | UnknownWebhookEvent | undefined;
    let failure: { error: unknown } | undefined;
    // The handler's view: no COMMIT, ROLLBACK or release(), nothing once it has settled.
    const guarded = guardTransactionClient(client);
    try {
      event = storedEvent(row.body);
      await runner.handle(event, guarded.db, attempt);
    } catch (error) {
      failure = { error };
    } finally {
      guarded.settle();
    }
    if (failure === undefined) {
      try {
        // Released first, so the mark is written by the transaction that holds the claim's row lock:
        // written inside the savepoint, the row's old version would carry a MultiXact, which index
        // scans never mark dead, and every later claim would walk every event done since the last
        // vacuum. In an aborted transaction the RELEASE fails as the mark would.
        await client.query(`RELEASE SAVEPOINT ${SAVEPOINT}`);
        await client.query(table.markDone, [row.event_id]);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        // The handler's statement that failed (and that it caught) says why, better than ours.
        failure = { error: code === IN_FAILED_TRANSACTION ? abortedTransaction(guarded.firstFailure()?.error ?? error) : error };
      }
    }
    if (failure === undefined) {
      const commitError = notCommitted(await client.query('COMMIT'));
      if (commitError === undefined) return 'done';
      failure = { error: commitError };
      recordLater = { key: row.event_id, text: errorText(commitError), attempts: row.attempts };
    } else {
      const text = errorText(failure.error);
      const delay = retryDelaySeconds(runner.retryDelayMs, attempt);
      try {
        await client.query(`ROLLBACK TO SAVEPOINT ${SAVEPOINT}`);
        await client.query(table.markFailed, [row.event_id, text, runner.maxAttempts, delay, row.attempts]);
        const commitError = notCommitted(await client.query('COMMIT'));
        if (commitError !== undefined) throw commitError;
      } catch {
        // The savepoint is gone (the handler released it) or the transaction broke: drop it all
        // and count the attempt with a statement of its own.
        await client.query('ROLLBACK').catch(() => undefined);
        recordLater = { key: row.event_id, text, attempts: row.attempts };
      }
    }
    runner.onError(failure.error, event);
    result = 'failed';
  } catch (error) {
    broken ??= error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.removeListener('error', onClientError);
    // A connection whose transaction ended in doubt is closed, not handed to the next event.
    client.release(broken ?? (recordLater === undefined ? undefined : true));
  }
  if (recordLater !== undefined) {
    const { key, text, attempts } = recordLater;
    const delay = retryDelaySeconds(runner.retryDelayMs, attempts + 1);
    // Matches nothing if a worker already claimed it again and counted this attempt itself.
    await pool.query(table.markFailed, [key, text, runner.maxAttempts, delay, attempts]);
  }
  return result;
}
