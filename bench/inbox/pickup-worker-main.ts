// The worker process of bench/inbox/pickup.ts: one idle inbox worker (default poll interval) whose
// handler prints `start <event id> <epoch ms>` the moment it begins, then `working` once started.
//   DATABASE_URL  INBOX_MODULE (the inbox's src/postgres/index.ts, this checkout's or an older one)
import { Pool } from 'pg';

const env = process.env;
const { createPostgresWebhookInbox } = (await import(
  env.INBOX_MODULE ?? '../../src/postgres/index.js'
)) as typeof import('../../src/postgres/index.js');
const pool = new Pool({ connectionString: env.DATABASE_URL });
const inbox = createPostgresWebhookInbox(pool);
await inbox.stats();
inbox.work({
  concurrency: 2,
  on: {
    'deposit.created': (event) => {
      process.stdout.write(`start ${event.id} ${performance.timeOrigin + performance.now()}\n`);
    },
  },
});
process.stdout.write('working\n');
