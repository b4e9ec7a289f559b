// The receiver process of bench/webhooks/inbox-ack.ts: createNodeWebhookHandler with a Postgres
// inbox, and in the same process a worker (concurrency 4) whose handler sleeps 2 s (HANDLER=slow)
// or always throws (HANDLER=throw), so the worker competes with the receiver for the CPU and the
// pool as it would in a real one-process deployment. Prints `listening <port>`.
//   DATABASE_URL  WEBHOOK_SECRET  HANDLER=slow|throw|floor
import { createServer } from 'node:http';
import { Pool } from 'pg';
import { createPostgresWebhookInbox } from '../../src/postgres/index.js';
import { createNodeWebhookHandler } from '../../src/webhooks/index.js';

const env = process.env;
const pool = new Pool({ connectionString: env.DATABASE_URL, max: 20 });
const inbox = createPostgresWebhookInbox(pool, { retryDelayMs: () => 1_000 });
if (env.HANDLER !== 'floor')
  inbox.work({
    concurrency: 4,
    onError: () => undefined,
    on: {
      'deposit.created': async () => {
        if (env.HANDLER === 'throw') throw new Error('the ledger is down');
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      },
    },
  });
const onError = (error: unknown) => process.stderr.write(`onError ${String(error)}\n`);
// HANDLER=floor: the same receiver without the inbox (memory store, no handler), the floor the
// inbox's figures are read against on a shared machine.
const handler =
  env.HANDLER === 'floor'
    ? createNodeWebhookHandler({ secret: env.WEBHOOK_SECRET ?? '', onError })
    : createNodeWebhookHandler({ secret: env.WEBHOOK_SECRET ?? '', inbox, onError });
const server = createServer(handler).listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`);
});
