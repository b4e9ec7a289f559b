// The view of a transaction's connection that a handler gets as `context.db`: it runs the
// handler's statements in the transaction, and refuses what would break exactly-once (ending the
// transaction, handing the connection back, using it once the handler is done, leaving a session
// setting on a connection the pool hands to the next event). It guards against
// mistakes, not against code that sets out to get around it (the raw connection is reachable
// through node-postgres internals): the store still checks how COMMIT ended.
import type { PostgresPoolClient } from './postgres-pool.js';
import { TransactionClientError, type TransactionClientRefusal } from './transaction-client-error.js';
import { refusedStatementIn } from './transaction-statements.js';

/**
 * @internal What {@link guardTransactionClient} returns.
 *
 * @typeParam Client - The connection type (`pg`'s `PoolClient`).
 *
 * @example
 * ```ts
 * import type { PoolClient } from 'pg';
 * declare const guarded: GuardedTransactionClient<PoolClient>;
 * await guarded.db.query('SELECT 1');
 * guarded.settle();
 * ```
 */
export interface GuardedTransactionClient<Client extends PostgresPoolClient> {
  /** The guarded view, of the connection's own type: give it to the handler. */
  readonly db: Client;
  /** Marks the handler settled: from then on every use of `db` is refused. Call it before COMMIT or ROLLBACK. */
  settle(): void;
  /**
   * The error of the first query through `db` that PostgreSQL failed (a promise-style query),
   * even if the handler caught it: such a failure aborts the transaction, so it says why a COMMIT
   * answered ROLLBACK. `undefined` while none failed.
   */
  firstFailure(): { readonly error: unknown } | undefined;
}

const SAVEPOINT_HINT =
  'To undo part of your work use SAVEPOINT and ROLLBACK TO SAVEPOINT (or INSERT ... ON CONFLICT DO NOTHING); to fail the delivery, throw.';

function refusal(reason: TransactionClientRefusal, what: string): TransactionClientError {
  switch (reason) {
    case 'session_setting':
      return new TransactionClientError(
        reason,
        `credit-platform: context.db refused ${what}: a session-level setting would stay on the pooled connection after ` +
          'this transaction, and redirect or change the statements of every later event or delivery it serves. Use SET ' +
          'LOCAL (or set_config(name, value, true)), which ends with this transaction: SET LOCAL search_path TO tenant_b, public.',
      );
    case 'transaction_control':
      return new TransactionClientError(
        reason,
        `credit-platform: context.db refused ${what}: the transaction is credit-platform's, which commits your writes ` +
          `together with the event id once your handler returns (or rolls both back if it throws). ${SAVEPOINT_HINT}`,
      );
    case 'release':
      return new TransactionClientError(
        reason,
        'credit-platform: context.db refused release(): the connection holds the transaction of this delivery, and ' +
          'credit-platform hands it back to the pool after COMMIT or ROLLBACK. Do not release it yourself.',
      );
    default:
      return new TransactionClientError(
        reason,
        `credit-platform: context.db refused ${what} after the handler settled: its transaction is committed or rolled ` +
          'back already. Await every query inside the handler; for work after it, check a connection out of the pool.',
      );
  }
}

/** The SQL text of a `query()` call's first argument: a string, or a config object's `text`. */
function sqlOf(first: unknown): string | undefined {
  if (typeof first === 'string') return first;
  if (typeof first === 'object' && first !== null) {
    const text = (first as { text?: unknown }).text;
    if (typeof text === 'string') return text;
  }
  return undefined;
}

/** Refuses the way node-postgres reports a query failure: to the callback if there is one, else a rejection. */
function refuse(args: readonly unknown[], error: TransactionClientError): Promise<never> | undefined {
  const last = args.at(-1);
  const callback =
    typeof last === 'function'
      ? last
      : typeof (args[0] as { callback?: unknown } | null)?.callback === 'function'
        ? (args[0] as { callback: (error: Error) => void }).callback
        : undefined;
  if (callback) {
    queueMicrotask(() => (callback as (error: Error) => void)(error));
    return undefined;
  }
  return Promise.reject(error);
}

/**
 * @internal Wraps a connection that holds an open transaction into the view a handler gets as `context.db`:
 * same type, same methods, except that
 *
 * - `query()` with a statement that would end or restart the transaction (`COMMIT`, `END`,
 *   `ROLLBACK`, `ABORT`, `ROLLBACK AND CHAIN`, `BEGIN`, `START TRANSACTION`, `PREPARE TRANSACTION`,
 *   `COMMIT PREPARED`, `ROLLBACK PREPARED`, in any case, after comments, in any statement of a
 *   multi-statement string, as a string or a `{ text }` config) is refused with a
 *   {@link TransactionClientError} (`reason: 'transaction_control'`) and nothing is sent;
 *   `SAVEPOINT`, `RELEASE SAVEPOINT` and `ROLLBACK TO SAVEPOINT` run;
 * - `query()` with a statement whose setting would outlive the transaction on the pooled
 *   connection (`SET` but `SET LOCAL`, `SET TRANSACTION` and `SET CONSTRAINTS`, `SET SESSION`,
 *   `RESET`, `DISCARD`, `set_config(…, false)` written literally) is refused the same way
 *   (`reason: 'session_setting'`);
 * - `release()` throws a {@link TransactionClientError} (`reason: 'release'`);
 * - after `settle()`, every method call throws, and `query()` rejects (`reason: 'settled'`).
 *
 * A refused query rejects (or calls its callback with the error) like a failed query, but leaves
 * the transaction as it was. The store and the inbox give handlers this view.
 *
 * @param client - A checked-out connection on which `BEGIN` has run.
 * @returns `db`, the view to hand out, and `settle()`, to call once the handler has returned or thrown.
 *
 * @example
 * ```ts
 * import { Pool } from 'pg';
 *
 * const client = await new Pool().connect();
 * await client.query('BEGIN');
 * const { db, settle } = guardTransactionClient(client);
 * try {
 *   await db.query('INSERT INTO ledger (id) VALUES ($1)', ['dep_1']);
 * } finally {
 *   settle();
 * }
 * await client.query('COMMIT');
 * client.release();
 * ```
 */
export function guardTransactionClient<Client extends PostgresPoolClient>(client: Client): GuardedTransactionClient<Client> {
  let settled = false;
  let failure: { readonly error: unknown } | undefined;
  const query = (...args: unknown[]): unknown => {
    if (settled) return refuse(args, refusal('settled', 'a query'));
    const sql = sqlOf(args[0]);
    const refused = sql === undefined ? undefined : refusedStatementIn(sql);
    if (refused !== undefined) return refuse(args, refusal(refused.reason, refused.command));
    const result = (client.query as (...a: unknown[]) => unknown).apply(client, args);
    if (!(result instanceof Promise)) return result;
    // A new promise, settled as the query's was: the caller's handling (or lack of it) is unchanged.
    return result.then(undefined, (error: unknown) => {
      failure ??= { error };
      throw error;
    });
  };
  const release = (): never => {
    throw refusal(settled ? 'settled' : 'release', 'release()');
  };
  // Methods are bound to the connection (node-postgres reads its own fields through `this`), once
  // each, so `db.on === db.on` holds as it does on the connection.
  const bound = new WeakMap<object, unknown>();
  const db = new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'release') return release;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const fn = value as (...a: unknown[]) => unknown;
      let method = bound.get(fn);
      if (method === undefined) {
        method = (...args: unknown[]) => {
          if (settled) throw refusal('settled', `${String(property)}()`);
          return fn.apply(target, args);
        };
        bound.set(fn, method);
      }
      return method;
    },
    set() {
      // The handler's view is read-only: it must not replace the connection's methods.
      return false;
    },
  });
  return {
    db,
    settle() {
      settled = true;
    },
    firstFailure: () => failure,
  };
}
