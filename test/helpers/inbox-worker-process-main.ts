// An inbox worker in a process of its own (run by inbox-worker-process.ts), so a test can kill it
// with SIGKILL inside its handlers. The handler credits `ledger` through `context.db`, prints
// `wrote <id>`, then holds the event for HOLD_MS before returning; with DIE=1 it kills its own
// process instead, as an out-of-memory kill or a native crash would. Idle, it polls every POLL_MS.
//   DATABASE_URL  CONCURRENCY  HOLD_MS  DIE  MAX_ATTEMPTS  RETRY_DELAY_MS  TIMEOUT_MS  POLL_MS (default 20)
import { Pool } from 'pg';
import { createPostgresWebhookInbox } from '../../src/postgres/index.js';

const env = process.env;
const pool = new Pool({ connectionString: env.DATABASE_URL, max: Number(env.CONCURRENCY ?? 2) + 3 });
const inbox = createPostgresWebhookInbox(pool, {
  ...(env.MAX_ATTEMPTS ? { maxAttempts: Number(env.MAX_ATTEMPTS) } : {}),
  ...(env.RETRY_DELAY_MS ? { retryDelayMs: () => Number(env.RETRY_DELAY_MS) } : {}),
  logger: { warn: (message) => process.stdout.write(`warn ${message}\n`) },
});
inbox.work({
  concurrency: Number(env.CONCURRENCY ?? 2),
  pollIntervalMs: Number(env.POLL_MS ?? 20),
  ...(env.TIMEOUT_MS ? { timeoutMs: Number(env.TIMEOUT_MS) } : {}),
  onError: (error) => process.stderr.write(`onError ${String(error)}\n`),
  on: {
    'deposit.created': async (event, { db }) => {
      await db.query('INSERT INTO ledger (event_id, deposit_id, amount) VALUES ($1, $2, $3)', [
        event.id,
        event.data.depositId,
        event.data.amount,
      ]);
      process.stdout.write(`wrote ${event.id}\n`);
      if (env.DIE === '1') process.kill(process.pid, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, Number(env.HOLD_MS ?? 0)));
    },
  },
});
process.stdout.write('working\n');
