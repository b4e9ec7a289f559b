// An inbox worker in a process of its own (run by inbox-worker-process.ts), so a test can kill it
// with SIGKILL inside its handlers. The handler credits `ledger` through `context.db`, prints
// `wrote <id>`, then holds the event for HOLD_MS before returning. Idle, it polls every POLL_MS.
//   DATABASE_URL  CONCURRENCY  HOLD_MS  POLL_MS (default 20)
import { Pool } from 'pg';
import { createPostgresWebhookInbox } from '../../src/postgres/index.js';

const env = process.env;
const pool = new Pool({ connectionString: env.DATABASE_URL, max: Number(env.CONCURRENCY ?? 2) + 3 });
const inbox = createPostgresWebhookInbox(pool);
inbox.work({
  concurrency: Number(env.CONCURRENCY ?? 2),
  pollIntervalMs: Number(env.POLL_MS ?? 20),
  onError: (error) => process.stderr.write(`onError ${String(error)}\n`),
  on: {
    'deposit.created': async (event, { db }) => {
      await db.query('INSERT INTO ledger (event_id, deposit_id, amount) VALUES ($1, $2, $3)', [
        event.id,
        event.data.depositId,
        event.data.amount,
      ]);
      process.stdout.write(`wrote ${event.id}\n`);
      await new Promise((resolve) => setTimeout(resolve, Number(env.HOLD_MS ?? 0)));
    },
  },
});
process.stdout.write('working\n');
