// The error the Postgres store fails a delivery with when PostgreSQL did not do what the delivery
// needs: the receiver answers 503 (nothing acknowledged) and passes it to `onError`.
import { CreditPlatformError } from '../errors/index.js';

/**
 * Why a delivery failed in the store: the transaction was aborted, so `COMMIT` rolled it back
 * (`not_committed`); `COMMIT` itself failed (`commit_failed`); or the store's table stayed locked
 * by another session for `lockWaitMs` (`table_locked`).
 *
 * @example
 * ```ts
 * import type { PostgresWebhookStoreFailure } from 'credit-platform/postgres';
 * const reason: PostgresWebhookStoreFailure = 'not_committed';
 * ```
 */
export type PostgresWebhookStoreFailure = 'not_committed' | 'commit_failed' | 'table_locked';

/**
 * A delivery the Postgres store could not commit. The receiver answers 503, so the service
 * retries; nothing was acknowledged and nothing of the handler's writes was kept. The message
 * names the cause and the fix; `cause` holds PostgreSQL's own error, when there is one.
 *
 * @example
 * ```ts
 * import { createWebhookReceiver } from 'credit-platform/webhooks';
 * import { createPostgresWebhookStore, PostgresWebhookStoreError } from 'credit-platform/postgres';
 * import { Pool } from 'pg';
 *
 * const receive = createWebhookReceiver({
 *   secret: process.env.WEBHOOK_SECRET!,
 *   store: createPostgresWebhookStore(new Pool()),
 *   onError(error) {
 *     if (error instanceof PostgresWebhookStoreError && error.reason === 'not_committed') {
 *       console.error('a handler swallowed a failed statement:', error.message);
 *     }
 *   },
 * });
 * ```
 */
export class PostgresWebhookStoreError extends CreditPlatformError {
  override readonly name: string = 'PostgresWebhookStoreError';

  constructor(
    /** What went wrong. */
    readonly reason: PostgresWebhookStoreFailure,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reason: this.reason };
  }
}
