// The error `context.db` throws when a handler tries to end, replace or keep the transaction the
// store runs it in. Its own file: the store and the inbox both raise it, and users test for it.
import { CreditPlatformError } from '../errors/index.js';

/**
 * Why `context.db` refused: a statement that would end or restart the transaction
 * (`transaction_control`), a session-level setting that would outlive it on the pooled connection
 * (`session_setting`: `SET` without `LOCAL`, `RESET`, `DISCARD`, `set_config(…, false)`), a call to
 * `release()` (`release`), or any use once the handler has settled (`settled`, which includes a
 * handler past its deadline).
 *
 * @example
 * ```ts
 * import type { TransactionClientRefusal } from 'credit-platform/postgres';
 * const reason: TransactionClientRefusal = 'transaction_control';
 * ```
 */
export type TransactionClientRefusal = 'transaction_control' | 'session_setting' | 'release' | 'settled';

/**
 * Thrown (or passed to the query's callback) by `context.db`, the guarded transaction client a
 * Postgres-backed handler gets, when the handler would break exactly-once: `COMMIT`, `ROLLBACK`,
 * `BEGIN` and their synonyms, a session-level `SET` / `RESET` / `DISCARD` (use `SET LOCAL`),
 * `release()`, or any use after the handler returned, threw or passed its deadline. Nothing was
 * sent to PostgreSQL, so the transaction is as it was. Use `SAVEPOINT` and `ROLLBACK TO SAVEPOINT`
 * to undo part of your work, and throw to fail the delivery.
 *
 * @example
 * ```ts
 * import { TransactionClientError } from 'credit-platform/postgres';
 * import type { PoolClient } from 'pg';
 *
 * async function credit(db: PoolClient) {
 *   try {
 *     await db.query('COMMIT');
 *   } catch (error) {
 *     if (error instanceof TransactionClientError) console.error(error.reason); // 'transaction_control'
 *   }
 * }
 * ```
 */
export class TransactionClientError extends CreditPlatformError {
  override readonly name: string = 'TransactionClientError';

  constructor(
    /** What was refused. */
    readonly reason: TransactionClientRefusal,
    message: string,
  ) {
    super(message);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reason: this.reason };
  }
}
