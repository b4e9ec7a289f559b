// The error `context.db` throws when a handler tries to end, replace or keep the transaction the
// store runs it in. Its own file: the store and the inbox both raise it, and users test for it.
import { CreditPlatformError } from '../errors/index.js';

/**
 * Why `context.db` refused: a statement that would end or restart the transaction
 * (`transaction_control`), a call to `release()` (`release`), or any use once the handler has
 * settled (`settled`).
 *
 * @example
 * ```ts
 * import type { TransactionClientRefusal } from 'credit-platform/postgres';
 * const reason: TransactionClientRefusal = 'transaction_control';
 * ```
 */
export type TransactionClientRefusal = 'transaction_control' | 'release' | 'settled';

/**
 * Thrown (or passed to the query's callback) by `context.db`, the guarded transaction client a
 * Postgres-backed handler gets, when the handler would break exactly-once: `COMMIT`, `ROLLBACK`,
 * `BEGIN` and their synonyms, `release()`, or any use after the handler returned or threw. Nothing
 * was sent to PostgreSQL, so the transaction is as it was. Use `SAVEPOINT` and
 * `ROLLBACK TO SAVEPOINT` to undo part of your work, and throw to fail the delivery.
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
