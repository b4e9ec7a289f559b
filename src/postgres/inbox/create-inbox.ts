// createPostgresWebhookInbox: the receivers' inbox (accept) and its workers, counts, listing,
// replay and purge, on one table of the user's PostgreSQL.
import type { Logger } from '../../core/types.js';
import { ConfigurationError } from '../../errors/index.js';
import { checkPool, type PostgresPool, type PostgresPoolClient } from '../postgres-pool.js';
import { redactCredentials } from '../../utils/credential-text.js';
import { storedEventId } from '../stored-event-id.js';
import { DEFAULT_INBOX_TABLE, inboxTable } from './inbox-table.js';
import type { WebhookInboxEntry, WebhookInboxStats, WebhookInboxStatus } from './listing.js';
import type { PostgresWebhookInboxOptions } from './options.js';
import type { PostgresWebhookInbox } from './postgres-webhook-inbox.js';
import { checkRetryDelay } from './attempt-delay.js';
import { inboxTableCreator } from './table-creation.js';
import { startWorker } from './worker.js';

const FN = 'createPostgresWebhookInbox';
// A receiver's default maxEventAge (72 h) plus the 5 minutes an event may be signed ahead.
const DEFAULT_RETENTION_MS = 72 * 3_600_000 + 5 * 60_000;
const PURGE_BATCH = 1_000;
const PURGE_EVERY_MS = 3_600_000;
const PAGE = 100;
const STATUSES: readonly WebhookInboxStatus[] = ['pending', 'done', 'dead'];
const DIGEST_KEY = /^sha256:[0-9a-f]{64}$/;

function maxAttemptsOf(value: unknown): number {
  if (value === undefined) return 8;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1) return value;
  throw new ConfigurationError(
    'maxAttempts',
    `${FN}: \`maxAttempts\` must be a positive integer (default 8); got ${String(value)}.`,
  );
}

function retentionOf(value: unknown): number {
  if (value === undefined) return DEFAULT_RETENTION_MS;
  if (value === Number.POSITIVE_INFINITY || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1))
    return value;
  throw new ConfigurationError(
    'retentionMs',
    `${FN}: \`retentionMs\` must be a positive integer of milliseconds, or Infinity to keep done events; got ${String(value)}.`,
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/**
 * A durable webhook inbox in your PostgreSQL. Give it to a receiver (`createNodeWebhookHandler`,
 * `createWebhookHandler`, `createWebhookReceiver`) as `inbox` in place of `on`: the receiver
 * verifies each delivery, inserts the raw event (its id is the primary key: a duplicate is
 * acknowledged and never stored twice) and answers 200 as soon as that insert commits, whatever
 * your handlers would do with it. A slow or failing dependency therefore never fails a delivery,
 * and the service never turns the subscription inactive over it.
 *
 * Process the events with `inbox.work({ on })`, in the receiving process or in any number of
 * others: each event is claimed with `FOR UPDATE SKIP LOCKED` and runs in its own transaction,
 * given to the handler as `context.db`; its writes commit together with the event's `done` mark. A
 * handler that throws is rolled back and retried after `retryDelayMs(attempt)` (default 10 s
 * doubled per attempt, at most 1 h); after `maxAttempts` (default 8) the event is `dead`, its last
 * error kept (redacted), until `inbox.replay(...)`. A worker killed mid-handler loses nothing.
 * `inbox.stats()` and `inbox.list({ status })` show what it holds (the CLI: `credit-platform
 * webhooks inbox stats|list|replay`).
 *
 * The table (`credit_platform_webhook_inbox` unless `table` says otherwise) is created on first
 * use when missing, unless `createTable` is `false`. `done` events are purged once received more
 * than `retentionMs` ago (default 72 h + 5 min, at most 1 000 per purge, about once an hour by a
 * running worker); `pending` and `dead` events are never purged. An event id longer than 255
 * UTF-8 bytes, holding a NUL or starting with `sha256:` is stored under `sha256:<hex>` of it.
 *
 * @param pool - A node-postgres (`pg` 8) `Pool`.
 * @param options - Table, creation, attempts, retry delays, retention, logger.
 * @returns The inbox.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { Pool } from 'pg';
 * import { createNodeWebhookHandler } from 'credit-platform/webhooks';
 * import { createPostgresWebhookInbox } from 'credit-platform/postgres';
 *
 * const pool = new Pool({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 5_000 });
 * const inbox = createPostgresWebhookInbox(pool);
 *
 * const app = express();
 * app.post('/webhooks', createNodeWebhookHandler({ secret: process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!, inbox }));
 * app.listen(3000);
 *
 * const worker = inbox.work({
 *   on: {
 *     // Commits with the event's done mark, or not at all (then retried).
 *     'deposit.created': async (event, { db }) => {
 *       await db.query('INSERT INTO ledger (deposit_id, amount) VALUES ($1, $2)', [event.data.depositId, event.data.amount]);
 *     },
 *   },
 *   concurrency: 4,
 * });
 * process.once('SIGTERM', () => void worker.stop().then(() => pool.end()));
 * ```
 */
export function createPostgresWebhookInbox<Client extends PostgresPoolClient>(
  pool: PostgresPool<Client>,
  options: PostgresWebhookInboxOptions = {},
): PostgresWebhookInbox<Client> {
  checkPool(pool, FN);
  const table = inboxTable(options.table ?? DEFAULT_INBOX_TABLE, FN);
  const maxAttempts = maxAttemptsOf(options.maxAttempts);
  const retryDelayMs = checkRetryDelay(options.retryDelayMs, FN);
  const retentionMs = retentionOf(options.retentionMs);
  const logger: Pick<Logger, 'warn'> = options.logger ?? console;
  if (pool.listenerCount('error') === 0) {
    pool.on('error', (error) =>
      logger.warn('credit-platform: an idle PostgreSQL connection failed', { error: messageOf(error) }),
    );
  }
  const ready = inboxTableCreator(pool, table, options.createTable !== false);

  let nextPurge = 0;
  let purging = false;
  const purgeIfDue = () => {
    if (purging || retentionMs === Number.POSITIVE_INFINITY || Date.now() < nextPurge) return;
    purging = true;
    nextPurge = Date.now() + PURGE_EVERY_MS;
    inbox
      .purge()
      .then((deleted) => {
        // A full batch: more are due, purge again at the next event.
        if (deleted >= PURGE_BATCH) nextPurge = 0;
      })
      .catch((error: unknown) =>
        logger.warn('credit-platform: purging done webhook inbox events failed', { error: messageOf(error) }),
      )
      .finally(() => {
        purging = false;
      });
  };

  async function* list(status: WebhookInboxStatus): AsyncGenerator<WebhookInboxEntry> {
    await ready();
    let cursor = '-infinity';
    let after = '';
    for (;;) {
      const { rows } = await pool.query(table.page, [status, cursor, after, PAGE]);
      for (const row of rows as {
        event_id: string;
        type: string;
        attempts: number;
        last_error: string | null;
        received_at: Date | string;
        cursor: string;
      }[]) {
        yield {
          eventId: row.event_id,
          type: row.type,
          attempts: Number(row.attempts),
          // Redacted again on the way out: a row stored by an older version may hold a credential.
          lastError: row.last_error === null ? null : redactCredentials(row.last_error),
          receivedAt: new Date(row.received_at),
        };
        cursor = row.cursor;
        after = row.event_id;
      }
      if (rows.length < PAGE) return;
    }
  }

  const inbox: PostgresWebhookInbox<Client> = {
    table: table.name,
    maxAttempts,
    retentionMs,
    async accept(event) {
      await ready();
      const signedAt = Date.parse(event.timestamp);
      // The type is for listings only: a NUL, which text cannot hold, is replaced.
      const type = String(event.type).replaceAll('\0', '\uFFFD');
      const { rowCount } = await pool.query(table.insert, [
        storedEventId(event.id),
        type,
        Number.isFinite(signedAt) ? signedAt : Date.now(),
        event.body,
      ]);
      return rowCount === 1 ? 'stored' : 'duplicate';
    },
    work(workOptions) {
      return startWorker({ pool, table, maxAttempts, retryDelayMs, ready, purgeIfDue }, workOptions);
    },
    async stats(): Promise<WebhookInboxStats> {
      await ready();
      const row = (await pool.query(table.stats)).rows[0] as {
        pending: number;
        dead: number;
        done: number;
        oldest_pending_ms: number | null;
      };
      return {
        pending: Number(row.pending),
        dead: Number(row.dead),
        done: Number(row.done),
        oldestPendingMs: row.oldest_pending_ms === null ? null : Math.max(0, Math.round(Number(row.oldest_pending_ms))),
      };
    },
    list(listOptions) {
      const status = (listOptions as { status?: unknown } | undefined)?.status;
      if (!STATUSES.includes(status as WebhookInboxStatus)) {
        throw new ConfigurationError(
          'status',
          `inbox.list: \`status\` must be 'pending', 'done' or 'dead'; got ${String(status)}.`,
        );
      }
      return list(status as WebhookInboxStatus);
    },
    async replay(target: string | { readonly status: 'dead' }): Promise<number> {
      if (typeof target === 'string') {
        await ready();
        // `list()` shows an id stored under its digest as the digest key: replay takes that too.
        const keys = DIGEST_KEY.test(target) ? [storedEventId(target), target] : [storedEventId(target)];
        return (await pool.query(table.replayOne, [keys])).rowCount ?? 0;
      }
      if ((target as { status?: unknown } | null)?.status !== 'dead') {
        throw new ConfigurationError(
          'status',
          "inbox.replay: pass an event id, or `{ status: 'dead' }` to replay every dead event.",
        );
      }
      await ready();
      return (await pool.query(table.replayDead)).rowCount ?? 0;
    },
    async purge() {
      await ready();
      if (retentionMs === Number.POSITIVE_INFINITY) return 0;
      return (await pool.query(table.purge, [retentionMs / 1_000, PURGE_BATCH])).rowCount ?? 0;
    },
  };
  return inbox;
}
