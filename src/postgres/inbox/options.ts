// The options of createPostgresWebhookInbox.
import type { Logger } from '../../core/types.js';

/**
 * Options of `createPostgresWebhookInbox`.
 *
 * @example
 * ```ts
 * import type { PostgresWebhookInboxOptions } from 'credit-platform/postgres';
 * const options: PostgresWebhookInboxOptions = {
 *   table: 'billing.webhook_inbox',
 *   maxAttempts: 12,
 *   retryDelayMs: (attempt) => Math.min(60_000 * 2 ** (attempt - 1), 6 * 3_600_000),
 * };
 * ```
 */
export interface PostgresWebhookInboxOptions {
  /**
   * The inbox table: `table` or `schema.table`, letters, digits and `_` (quoted, so case counts).
   * Default `credit_platform_webhook_inbox`.
   */
  readonly table?: string;
  /**
   * Create the table and its indexes on first use, only when missing (so a new process never queues
   * behind open transactions on an existing table), with a 2 s `lock_timeout`. Default `true`. Set
   * `false` when your migrations create it, with this SQL (your `table` name in place of
   * `credit_platform_webhook_inbox`, in the index names too):
   *
   * ```sql
   * CREATE TABLE credit_platform_webhook_inbox (
   *   event_id text PRIMARY KEY, type text NOT NULL, event_time timestamptz NOT NULL, body text NOT NULL,
   *   status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'dead')),
   *   attempts integer NOT NULL DEFAULT 0, last_error text, order_key text,
   *   received_at timestamptz NOT NULL DEFAULT now(), run_at timestamptz NOT NULL DEFAULT now(), done_at timestamptz);
   * CREATE INDEX credit_platform_webhook_inbox_due ON credit_platform_webhook_inbox (run_at, event_id) WHERE status = 'pending';
   * CREATE INDEX credit_platform_webhook_inbox_unkeyed ON credit_platform_webhook_inbox (received_at)
   *   WHERE status = 'pending' AND order_key IS NULL;
   * CREATE INDEX credit_platform_webhook_inbox_order ON credit_platform_webhook_inbox (order_key, event_time, event_id)
   *   WHERE status = 'pending';
   * CREATE INDEX credit_platform_webhook_inbox_listing ON credit_platform_webhook_inbox (status, received_at, event_id);
   * ```
   */
  readonly createTable?: boolean;
  /**
   * How many times a worker runs an event's handler before it marks the event `dead` (kept, with
   * its last error, until `replay`). Default 8.
   */
  readonly maxAttempts?: number;
  /**
   * How long to wait, in ms, before attempt `attempt + 1` after attempt `attempt` (1-based) failed.
   * Default: 10 s doubled per attempt, at most 1 h (10 s, 20 s, 40 s, … 21 min 20 s, then 1 h), so
   * the default 8 attempts span about 42 min 30 s. Must return a finite number ≥ 0.
   */
  readonly retryDelayMs?: (attempt: number) => number;
  /**
   * How long a `done` event is kept after it was received, in ms, then purged (pending and dead
   * events are never purged). Default and minimum 72 h + 5 min, the de-duplication horizon of a
   * receiver's default `maxEventAge`: a receiver refuses an inbox that would forget an id sooner
   * than its own `maxEventAge` plus 5 minutes.
   */
  readonly retentionMs?: number;
  /**
   * Where failures of the background purge and of idle pool connections go (`warn`), and the line
   * that says a worker runs fewer events at once than its `concurrency` because of the pool's size
   * (see `reservedConnections` of `inbox.work()`). Default `console`.
   */
  readonly logger?: Pick<Logger, 'warn'>;
}
