// The options of createPostgresWebhookInbox, their defaults and their checks, in one place.
import type { Logger } from '../../core/types.js';
import { ConfigurationError } from '../../errors/index.js';
import { positiveInteger } from '../option-checks.js';

/**
 * Options of `createPostgresWebhookInbox`.
 *
 * @example
 * ```ts
 * import { Pool } from 'pg';
 * import { createPostgresWebhookInbox, type PostgresWebhookInboxOptions } from 'credit-platform/postgres';
 *
 * const options: PostgresWebhookInboxOptions = {
 *   table: 'billing.webhook_inbox',
 *   maxAttempts: 12,
 *   retryDelayMs: (attempt) => Math.min(60_000 * 2 ** (attempt - 1), 6 * 3_600_000),
 * };
 * const inbox = createPostgresWebhookInbox(new Pool(), options);
 * ```
 */
export interface PostgresWebhookInboxOptions {
  /**
   * The inbox table: `table` or `schema.table`, letters, digits and `_` (quoted, so case counts).
   * Default `credit_platform_webhook_inbox`. Without a schema, the table is looked up (or created)
   * once, through the pool's `search_path`, and every statement then names it with its schema, so
   * no later setting can point them at another table.
   */
  readonly table?: string;
  /**
   * Create the table and its indexes on first use when missing, and upgrade a table of an older
   * schema version (0.5's) in place, each in one transaction under an advisory lock and a 2 s
   * `lock_timeout` (a new process never queues behind open transactions on an existing table).
   * Default `true`. Set `false` when your migrations create it, with this SQL (your `table` name
   * in place of `credit_platform_webhook_inbox`, in the index names too); an inbox then refuses a
   * table of another schema version with an error that names the statements to run:
   *
   * ```sql
   * CREATE TABLE credit_platform_webhook_inbox (
   *   event_id text PRIMARY KEY, type text NOT NULL, event_time timestamptz NOT NULL, body text NOT NULL,
   *   status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'dead')),
   *   attempts integer NOT NULL DEFAULT 0, last_error text, order_key text,
   *   received_at timestamptz NOT NULL DEFAULT now(), due_at timestamptz NOT NULL DEFAULT now(), done_at timestamptz,
   *   started_at timestamptz, leased_until timestamptz) WITH (fillfactor = 50);
   * CREATE INDEX credit_platform_webhook_inbox_due ON credit_platform_webhook_inbox (due_at, event_id) WHERE status = 'pending';
   * CREATE INDEX credit_platform_webhook_inbox_unkeyed ON credit_platform_webhook_inbox (received_at)
   *   WHERE status = 'pending' AND order_key IS NULL;
   * CREATE INDEX credit_platform_webhook_inbox_order ON credit_platform_webhook_inbox (order_key, event_time, event_id)
   *   WHERE status = 'pending';
   * CREATE INDEX credit_platform_webhook_inbox_listing ON credit_platform_webhook_inbox (status, received_at, event_id);
   * COMMENT ON TABLE credit_platform_webhook_inbox IS 'credit-platform webhook inbox, schema 2';
   * ```
   */
  readonly createTable?: boolean;
  /**
   * How many attempts an event gets before it is marked `dead` (kept, with its last error, until
   * `replay`). An attempt counts when it starts: one whose worker died (its process killed, its
   * connection lost) counts like one that threw, and runs again once its deadline (`timeoutMs` of
   * `work()`) and its retry delay have passed. Default 8.
   */
  readonly maxAttempts?: number;
  /**
   * How long to wait, in ms, before attempt `attempt + 1` after attempt `attempt` (1-based) failed.
   * Default: 10 s doubled per attempt, at most 1 h (10 s, 20 s, 40 s, … 21 min 20 s, then 1 h), so
   * the default 8 attempts span about 42 min 30 s. Must return a finite number ≥ 0. An attempt whose
   * worker died is due again after the same delay (at least 1 s), counted from when it started.
   */
  readonly retryDelayMs?: (attempt: number) => number;
  /**
   * How long a `done` event is kept after it was received, in ms, then purged (pending and dead
   * events are never purged). Default and minimum 72 h + 5 min, the de-duplication horizon of a
   * receiver's default `maxEventAge`: a receiver refuses an inbox that would forget an id sooner
   * than its own `maxEventAge` plus 5 minutes. `Infinity` keeps done events.
   */
  readonly retentionMs?: number;
  /**
   * Where the inbox writes its log lines (`warn`): one per failed attempt (event id, type,
   * attempt n of `maxAttempts`, when it runs next or that it is now dead, the redacted error), the
   * line that says a worker runs fewer events at once than its `concurrency` because of the pool's
   * size (see `reservedConnections` of `inbox.work()`), and failures of the background purge, of
   * the workers' database and of idle pool connections. Default `console`.
   */
  readonly logger?: Pick<Logger, 'warn'>;
}

/** @internal The options, checked, with their defaults. */
export interface InboxSettings {
  readonly maxAttempts: number;
  readonly retryDelayMs: (attempt: number) => number;
  readonly retentionMs: number;
  readonly logger: Pick<Logger, 'warn'>;
}

const FN = 'createPostgresWebhookInbox';
// A receiver's default maxEventAge (72 h) plus the 5 minutes an event may be signed ahead.
const DEFAULT_RETENTION_MS = 72 * 3_600_000 + 5 * 60_000;
const FIRST_DELAY_MS = 10_000;
const MAX_DELAY_MS = 3_600_000;

/**
 * @internal The default `retryDelayMs`: 10 s after the first failure, doubled after each one, at
 * most 1 h (10 s, 20 s, 40 s, 80 s, 160 s, 320 s, 640 s, 1 280 s, then 3 600 s).
 */
export function defaultRetryDelayMs(attempt: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** Math.max(attempt - 1, 0), MAX_DELAY_MS);
}

/**
 * @internal The delay after failed attempt `attempt`, in seconds for SQL: what `retryDelayMs` answers
 * when it is a finite number ≥ 0, else (it threw, or answered NaN, a negative number or Infinity)
 * the default's, so a broken delay function never stops retries or spins them.
 */
export function retryDelaySeconds(retryDelayMs: (attempt: number) => number, attempt: number): number {
  let ms: unknown;
  try {
    ms = retryDelayMs(attempt);
  } catch {
    ms = undefined;
  }
  const usable = typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 ? ms : defaultRetryDelayMs(attempt);
  return usable / 1_000;
}

/** @internal Checks the options of `createPostgresWebhookInbox` and fills in the defaults. */
export function inboxSettings(options: PostgresWebhookInboxOptions): InboxSettings {
  const { retryDelayMs } = options as { retryDelayMs?: unknown };
  if (retryDelayMs !== undefined && typeof retryDelayMs !== 'function') {
    throw new ConfigurationError(
      'retryDelayMs',
      `${FN}: \`retryDelayMs\` must be a function of the attempt number (1 after the first failure) returning milliseconds; got ${typeof retryDelayMs}.`,
    );
  }
  return {
    maxAttempts: positiveInteger(options.maxAttempts, { fn: FN, name: 'maxAttempts', fallback: 8 }),
    retryDelayMs: (retryDelayMs as ((attempt: number) => number) | undefined) ?? defaultRetryDelayMs,
    retentionMs: positiveInteger(options.retentionMs, {
      fn: FN,
      name: 'retentionMs',
      fallback: DEFAULT_RETENTION_MS,
      unit: 'milliseconds',
      infinity: ' to keep done events',
    }),
    logger: options.logger ?? console,
  };
}
