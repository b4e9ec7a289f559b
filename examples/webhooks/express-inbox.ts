// Never lose an event: an Express receiver that stores each verified event in a PostgreSQL inbox
// and answers 200 at once (`createPostgresWebhookInbox` from `credit-platform/postgres`), and a
// worker that credits a ledger from the inbox, in the same transaction that marks the event done.
// The ledger database down for a weekend, a poison event, a worker killed mid-credit: deliveries
// are still acknowledged, so the subscription stays active, and each deposit is credited once,
// when the worker can. `inbox.stats()` and `credit-platform webhooks inbox list --status dead` show
// what waits; `inbox.replay({ status: 'dead' })` retries the dead ones after a fix.
//
//   DATABASE_URL=postgres://localhost/app CREDIT_PLATFORM_WEBHOOK_SECRET=whsec_test npx tsx examples/webhooks/express-inbox.ts
import express from 'express';
import type { Pool, PoolClient } from 'pg';
import { createPostgresWebhookInbox, type PostgresWebhookInbox, type WebhookInboxWorker } from 'credit-platform/postgres';
import { createNodeWebhookHandler, type WebhookInboxReceiverOptions } from 'credit-platform/webhooks';
import { isMain, webhookSecret } from './serve-fetch.js';

/**
 * The ledger this example credits, the webhooks guide's one ledger: one row per deposit, keyed by
 * its on-chain hash, so a second credit could not even hide.
 */
export const INBOX_LEDGER_TABLE =
  'CREATE TABLE IF NOT EXISTS ledger (transaction_hash text PRIMARY KEY, token text NOT NULL, amount numeric NOT NULL)';

/** The receiving side: POST /webhooks verifies, stores in the inbox, answers 200. No handler runs here. */
export function createInboxApp(
  inbox: PostgresWebhookInbox<PoolClient>,
  options: Pick<WebhookInboxReceiverOptions, 'secret' | 'onError'>,
): express.Express {
  const app = express();
  app.post('/webhooks', createNodeWebhookHandler({ ...options, inbox }));
  return app;
}

/** The processing side: credits `ledger` for each `deposit.created`, once; run it in as many processes as you like. */
export function startLedgerWorker(
  inbox: PostgresWebhookInbox<PoolClient>,
  options: { onError?: (error: unknown) => void; pollIntervalMs?: number } = {},
): WebhookInboxWorker {
  return inbox.work({
    concurrency: 4,
    // A credit that has not settled in a minute fails (rolled back) and is retried; the worker goes on.
    timeoutMs: 60_000,
    ...options,
    // Deposits of one account are credited in the order they were signed.
    orderKey: (event) => (event.type === 'deposit.created' ? String(event.data.account ?? '') || undefined : undefined),
    on: {
      // `db` is the event's transaction: the credit commits with the event's done mark, or neither.
      'deposit.created': async (event, { db, attempt }) => {
        if (attempt > 1) console.log(`retrying ${event.id} (attempt ${attempt})`);
        await db.query('INSERT INTO ledger (transaction_hash, token, amount) VALUES ($1, $2, $3)', [
          event.data.transactionHash,
          event.data.token,
          event.data.amount,
        ]);
      },
    },
  });
}

/** Both sides on one pool. Each failed attempt is one `warn` line (event, attempt n of 8, next run or dead, error). */
export function createInboxLedger(pool: Pool): PostgresWebhookInbox<PoolClient> {
  return createPostgresWebhookInbox(pool, {
    maxAttempts: 8,
    // 10 s after the first failure, doubled each time, at most 1 h: about 42 min before an event is dead.
    retryDelayMs: (attempt) => Math.min(10_000 * 2 ** (attempt - 1), 3_600_000),
  });
}

if (isMain(import.meta.url)) {
  const { Pool } = await import('pg');
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 5_000 });
  await pool.query(INBOX_LEDGER_TABLE);
  const inbox = createInboxLedger(pool);
  const worker = startLedgerWorker(inbox);
  const port = Number(process.env.PORT ?? 3000);
  const server = createInboxApp(inbox, { secret: webhookSecret() }).listen(port, '127.0.0.1', () =>
    console.log(`listening on http://127.0.0.1:${port}/webhooks`),
  );
  process.once('SIGTERM', () => {
    // Stop answering, let the credits in hand commit (within timeoutMs), claim nothing more, close the pool.
    server.close();
    void worker.stop().then(() => pool.end());
  });
}
