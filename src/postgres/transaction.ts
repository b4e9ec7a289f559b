// The one transaction lifecycle of the store and the inbox: BEGIN, the work, then COMMIT (read
// back: an aborted transaction answers ROLLBACK without an error) or ROLLBACK, on a connection
// that is closed rather than reused when any of these statements failed.
import { type CheckedOutConnection, messageOf, withConnection } from './pooled-connection.js';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from './postgres-pool.js';
import { PostgresWebhookStoreError } from './postgres-webhook-store-error.js';

/** @internal What the work inside a transaction decided. */
export interface TransactionDecision<T> {
  /** COMMIT (checked) when `true`, else ROLLBACK. */
  readonly commit: boolean;
  /** What `runTransaction` resolves once the transaction ended as decided. */
  readonly value: T;
  /** The first of the handler's statements that failed, even if it was caught: why COMMIT would answer ROLLBACK. */
  readonly failure?: { readonly error: unknown } | undefined;
}

/** @internal How the errors of one caller name what the transaction held and what happens next. */
export interface TransactionWording {
  /** `the delivery`, `event evt_1`. */
  readonly subject: string;
  /** What was lost with the transaction, besides the handler's writes: `the event id (table t)`. */
  readonly kept: string;
  /** What the caller's caller does about it: `Answered 503: …`. */
  readonly next: string;
  /** How to fail on purpose: `(500, retried)`. */
  readonly letOut: string;
  /** Says the fix in few words, for a message that is stored cut short; the long form otherwise. */
  readonly terse?: boolean;
  /** What happens after a COMMIT that failed, when it may or may not have reached the disk. */
  readonly unsure: string;
}

/** What PostgreSQL said, for a message: its text and SQLSTATE, never the statement or its values. */
export function describeFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return `${messageOf(error)}${typeof code === 'string' ? ` (SQLSTATE ${code})` : ''}`;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(messageOf(error));
}

/**
 * @internal The transaction was aborted by a failed statement the handler went on after, so
 * PostgreSQL kept nothing of it: `COMMIT` answered `command` (or a later statement was refused).
 */
export function notCommitted(
  wording: TransactionWording,
  command: string | undefined,
  failure: { readonly error: unknown } | undefined,
): PostgresWebhookStoreError {
  const cause = failure
    ? `a statement of the handler failed (${describeFailure(failure.error)}) and the handler went on`
    : 'a statement in the transaction failed and the handler went on';
  return new PostgresWebhookStoreError(
    'not_committed',
    `credit-platform: PostgreSQL did not commit ${wording.subject} (COMMIT answered ${command ?? 'nothing'}): ${cause}, ` +
      `which aborts the whole transaction, so neither the handler's writes nor ${wording.kept} were kept. ${wording.next} ` +
      (wording.terse
        ? `Run a statement that may fail inside a SAVEPOINT, use INSERT ... ON CONFLICT DO NOTHING, or let the error out ${wording.letOut}.`
        : 'A statement that may fail must not leave the transaction aborted: run it inside a SAVEPOINT and ' +
          '`ROLLBACK TO SAVEPOINT` when it fails, or write it so that it does not fail (`INSERT ... ON CONFLICT DO NOTHING` ' +
          `instead of catching a unique violation, 23505); or let the error out of the handler ${wording.letOut}.`),
    failure ? { cause: failure.error } : undefined,
  );
}

function commitFailed(wording: TransactionWording, error: unknown): PostgresWebhookStoreError {
  return new PostgresWebhookStoreError(
    'commit_failed',
    `credit-platform: COMMIT of ${wording.subject} failed: ${describeFailure(error)}. ${wording.unsure} A deferred ` +
      "constraint or a serialization failure fails at COMMIT: check the handler's writes against them.",
    { cause: error },
  );
}

/** Rolls back; a connection whose ROLLBACK failed is closed, with `reason` when given. */
async function rollBack(connection: CheckedOutConnection<PostgresPoolClient>, reason?: Error): Promise<void> {
  if (connection.discarded) return;
  try {
    await connection.client.query('ROLLBACK');
  } catch (error) {
    connection.discard(reason ?? asError(error));
    throw error;
  }
}

/**
 * @internal Runs `work` in a transaction on `connection`: COMMIT when it decides so (and a
 * {@link PostgresWebhookStoreError} when PostgreSQL did not commit), ROLLBACK when it decides
 * otherwise or throws (then its error is passed on). A connection whose BEGIN, COMMIT or ROLLBACK
 * failed is discarded; one that `work` discarded is left as it is (PostgreSQL rolls back when it closes).
 */
export async function runTransaction<Client extends PostgresPoolClient, T>(
  connection: CheckedOutConnection<Client>,
  work: (client: Client) => Promise<TransactionDecision<T>>,
  wording: TransactionWording,
): Promise<T> {
  const { client } = connection;
  try {
    await client.query('BEGIN');
  } catch (error) {
    connection.discard(asError(error));
    throw error;
  }
  let decided: TransactionDecision<T>;
  try {
    decided = await work(client);
  } catch (error) {
    await rollBack(connection, asError(error)).catch(() => undefined);
    throw error;
  }
  if (!decided.commit) {
    await rollBack(connection);
    return decided.value;
  }
  let answer: PostgresQueryResult;
  try {
    answer = await client.query('COMMIT');
  } catch (error) {
    const failed = commitFailed(wording, error);
    connection.discard(failed);
    throw failed;
  }
  if (answer.command !== 'COMMIT') throw notCommitted(wording, answer.command, decided.failure);
  return decided.value;
}

/**
 * @internal Runs `work` in a transaction of its own connection once it holds the advisory lock
 * `lockKey` (waiting `wait` at most, as a `lock_timeout` such as `'5s'`): how the store and the
 * inbox create or upgrade their tables, one process at a time.
 */
export function underAdvisoryLock<Client extends PostgresPoolClient, T>(
  pool: PostgresPool<Client>,
  lockKey: string,
  wait: string,
  work: (client: Client) => Promise<TransactionDecision<T>>,
): Promise<T> {
  const wording: TransactionWording = {
    subject: `the creation of ${lockKey}`,
    kept: 'the table',
    next: 'The next call tries again.',
    letOut: '',
    unsure: 'The next call finds the table, or tries again.',
  };
  return withConnection(pool, (connection) =>
    runTransaction(
      connection,
      async (client) => {
        await client.query("SELECT set_config('lock_timeout', $1, true)", [wait]);
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lockKey]);
        return work(client);
      },
      wording,
    ),
  );
}
