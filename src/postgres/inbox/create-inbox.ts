// createPostgresWebhookInbox: the receivers' inbox (accept) and its workers, counts, listing,
// replay and purge, on one table of the user's PostgreSQL.
import { ConfigurationError } from '../../errors/index.js';
import { listenForIdleFailures } from '../pooled-connection.js';
import { checkPool, type PostgresPool, type PostgresPoolClient } from '../postgres-pool.js';
import { PURGE_BATCH, purgeScheduler } from '../purge-scheduler.js';
import { redactCredentials } from '../../utils/credential-text.js';
import { storedEventId } from '../stored-event-id.js';
import { checkInboxTable, DEFAULT_INBOX_TABLE } from './table/inbox-table.js';
import type { WebhookInboxEntry, WebhookInboxStats, WebhookInboxStatus } from './listing.js';
import { inboxSettings, type PostgresWebhookInboxOptions } from './options.js';
import { newEventSignal } from './pickup/new-event-signal.js';
import type { PostgresWebhookInbox } from './postgres-webhook-inbox.js';
import { inboxTableReady } from './table/table-creation.js';
import { startWorker } from './worker.js';

const FN = 'createPostgresWebhookInbox';
const PURGE_EVERY_MS = 3_600_000;
const PAGE = 100;
const STATUSES: readonly WebhookInboxStatus[] = ['pending', 'done', 'dead'];
const DIGEST_KEY = /^sha256:[0-9a-f]{64}$/;

/**
 * A durable webhook inbox in your PostgreSQL. Give it to a receiver (`createNodeWebhookHandler`,
 * `createWebhookHandler`, `createWebhookReceiver`) as `inbox` in place of `on`: the receiver
 * verifies each delivery, inserts the raw event (its id is the primary key: a duplicate is
 * acknowledged and never stored twice) and answers 200 as soon as that insert commits, whatever
 * your handlers would do with it. A slow or failing dependency therefore never fails a delivery,
 * and the service never turns the subscription inactive over it.
 *
 * Process the events with `inbox.work({ on })`, in the receiving process or in any number of
 * others. Each attempt is counted when it starts, in a statement of its own; the event then runs in
 * its own transaction, given to the handler as `context.db`, and its writes commit together with
 * the event's `done` mark (a mark that matches no row rolls them back). A handler that throws, or
 * passes its deadline (`timeoutMs`, default 15 min), is rolled back and retried after
 * `retryDelayMs(attempt)` (default 10 s doubled per attempt, at most 1 h); one whose worker dies is
 * retried after the same delay; after `maxAttempts` (default 8) the event is `dead`, its last error
 * kept (redacted), until `inbox.replay(...)`. Each failed attempt is one `warn` line of `logger`.
 * A new event starts at once in an idle worker, in this process or another (`LISTEN`/`NOTIFY`,
 * the poll as the fallback); workers leave `reservedConnections` (default 2) of the pool to the
 * receiver, so acknowledgements never wait for handlers.
 * `inbox.stats()` and `inbox.list({ status })` show what it holds (the CLI: `credit-platform
 * webhooks inbox stats|list|replay`).
 *
 * The table (`credit_platform_webhook_inbox` unless `table` says otherwise) is found once, through
 * the pool's `search_path` when `table` names no schema, and named with its schema in every
 * statement from then on. It is created on first use when missing (and 0.5's table upgraded in
 * place), unless `createTable` is `false`. `done` events are purged once received more than
 * `retentionMs` ago (default 72 h + 5 min, at most 1 000 per purge, about once an hour by a
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
 * const inbox = createPostgresWebhookInbox(pool, { maxAttempts: 8, retryDelayMs: (attempt) => 10_000 * 2 ** (attempt - 1) });
 *
 * const app = express();
 * app.post('/webhooks', createNodeWebhookHandler({ secret: process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!, inbox }));
 * const server = app.listen(3000);
 *
 * const worker = inbox.work({
 *   on: {
 *     // Commits with the event's done mark, or not at all (then retried).
 *     'deposit.created': async (event, { db }) => {
 *       await db.query('INSERT INTO ledger (transaction_hash, token, amount) VALUES ($1, $2, $3)', [
 *         event.data.transactionHash,
 *         event.data.token,
 *         event.data.amount,
 *       ]);
 *     },
 *   },
 *   concurrency: 4,
 *   timeoutMs: 60_000,
 * });
 * process.once('SIGTERM', () => {
 *   server.close();
 *   void worker.stop().then(() => pool.end());
 * });
 * ```
 */
export function createPostgresWebhookInbox<Client extends PostgresPoolClient>(
  pool: PostgresPool<Client>,
  options: PostgresWebhookInboxOptions = {},
): PostgresWebhookInbox<Client> {
  checkPool(pool, FN);
  const name = checkInboxTable(options.table ?? DEFAULT_INBOX_TABLE, FN);
  const { maxAttempts, retryDelayMs, retentionMs, logger } = inboxSettings(options);
  listenForIdleFailures(pool, logger);
  const ready = inboxTableReady(pool, name, options.createTable !== false);
  const newEvents = newEventSignal(pool, name.name);
  const purger = purgeScheduler(
    retentionMs === Number.POSITIVE_INFINITY ? retentionMs : PURGE_EVERY_MS,
    () => inbox.purge(),
    logger,
    'done webhook inbox events',
  );

  async function* list(status: WebhookInboxStatus): AsyncGenerator<WebhookInboxEntry> {
    const table = await ready();
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
    table: name.name,
    maxAttempts,
    retentionMs,
    async accept(event) {
      const table = await ready();
      const signedAt = Date.parse(event.timestamp);
      // The type is for listings only: a NUL, which text cannot hold, is replaced.
      const type = String(event.type).replaceAll('\0', '\uFFFD');
      const { rowCount } = await pool.query(table.insert, [
        storedEventId(event.id),
        type,
        Number.isFinite(signedAt) ? signedAt : Date.now(),
        event.body,
      ]);
      if (rowCount !== 1) return 'duplicate';
      newEvents.stored();
      return 'stored';
    },
    work(workOptions) {
      return startWorker({ pool, maxAttempts, retryDelayMs, logger, ready, purgeIfDue: purger.due, newEvents }, workOptions);
    },
    async stats(): Promise<WebhookInboxStats> {
      const table = await ready();
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
        const table = await ready();
        // `list()` shows an id stored under its digest as the digest key: replay takes that too.
        const keys = DIGEST_KEY.test(target) ? [storedEventId(target), target] : [storedEventId(target)];
        const replayed = (await pool.query(table.replayOne, [keys])).rowCount ?? 0;
        // Due now, as a new event is: the workers are woken the same way.
        if (replayed > 0) newEvents.stored();
        return replayed;
      }
      if ((target as { status?: unknown } | null)?.status !== 'dead') {
        throw new ConfigurationError(
          'status',
          "inbox.replay: pass an event id, or `{ status: 'dead' }` to replay every dead event.",
        );
      }
      const table = await ready();
      const replayed = (await pool.query(table.replayDead)).rowCount ?? 0;
      if (replayed > 0) newEvents.stored();
      return replayed;
    },
    async purge() {
      const table = await ready();
      if (retentionMs === Number.POSITIVE_INFINITY) return 0;
      return (await pool.query(table.purge, [retentionMs / 1_000, PURGE_BATCH])).rowCount ?? 0;
    },
  };
  return inbox;
}
