// Exactly-once credits: an Express receiver whose callback credits a ledger table in the same
// PostgreSQL transaction that records the event id (`createPostgresWebhookStore` from
// `credit-platform/postgres`). Whatever dies when (the process, the database, the callback), a
// deposit is credited once: the id and the credit commit together, or neither does.
//
//   DATABASE_URL=postgres://localhost/app CREDIT_PLATFORM_WEBHOOK_SECRET=whsec_test npx tsx examples/webhooks/postgres-ledger.ts
//
// With the fake, from two more terminals (the second with the fake's two printed lines exported);
// each trigger is a new deposit, so each adds one ledger row:
//   CREDIT_PLATFORM_WEBHOOK_SECRET=whsec_test npx credit-platform fake --forward-to http://localhost:3000/webhooks
//   npx credit-platform webhooks trigger deposit.created --data '{"amount":"25.00"}'
import express from 'express';
import type { Pool } from 'pg';
import { createPostgresWebhookStore } from 'credit-platform/postgres';
import { createNodeWebhookHandler, type WebhookReceiverOptions } from 'credit-platform/webhooks';
import { isMain, webhookSecret } from './serve-fetch.js';

/**
 * The ledger this example credits, the webhooks guide's one ledger: one row per deposit, keyed by
 * its on-chain hash, so a second credit could not even hide.
 */
export const LEDGER_TABLE =
  'CREATE TABLE IF NOT EXISTS ledger (transaction_hash text PRIMARY KEY, token text NOT NULL, amount numeric NOT NULL)';

/** The app: POST /webhooks credits `ledger` for each `deposit.created`, once. */
export function createLedgerApp(pool: Pool, options: Pick<WebhookReceiverOptions, 'secret' | 'onError'>): express.Express {
  const app = express();
  app.post(
    '/webhooks',
    createNodeWebhookHandler({
      ...options,
      store: createPostgresWebhookStore(pool),
      on: {
        // `db` is the transaction's connection: the credit commits with the event id, after this returns.
        'deposit.created': async (event, { db }) => {
          await db.query('INSERT INTO ledger (transaction_hash, token, amount) VALUES ($1, $2, $3)', [
            event.data.transactionHash,
            event.data.token,
            event.data.amount,
          ]);
        },
      },
    }),
  );
  return app;
}

if (isMain(import.meta.url)) {
  const { Pool } = await import('pg');
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 5_000 });
  await pool.query(LEDGER_TABLE);
  const port = Number(process.env.PORT ?? 3000);
  createLedgerApp(pool, { secret: webhookSecret() }).listen(port, '127.0.0.1', () =>
    console.log(`listening on http://127.0.0.1:${port}/webhooks`),
  );
}
