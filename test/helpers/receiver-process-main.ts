// A webhook receiver in a process of its own (run by receiver-process.ts), so a test can kill it
// with SIGKILL inside its handler. The handler credits `ledger` in PostgreSQL: through
// `context.db` under the Postgres store, on its own connection (autocommit) under the Redis store.
// It prints `listening <port>`, then `handling <id>` and `wrote <id>` per call (unless QUIET=1; the
// store throughput bench runs it too, with STORE=memory as well: autocommit like Redis).
//   STORE=postgres|redis|memory  DATABASE_URL  REDIS_URL  LEASE_MS  HANG=1 (never return)  HOLD_MS  QUIET=1
import { createServer, type RequestListener } from 'node:http';
import { Pool } from 'pg';
import { createClient } from 'redis';
import { createPostgresWebhookStore } from '../../src/postgres/index.js';
import { createRedisDedupStore } from '../../src/redis/index.js';
import { createNodeWebhookHandler, type WebhookEventOf } from '../../src/webhooks/index.js';

const env = process.env;
const secret = env.WEBHOOK_SECRET ?? '';
const pool = new Pool({ connectionString: env.DATABASE_URL });
const quiet = env.QUIET === '1';
const CREDIT = 'INSERT INTO ledger (deposit_id, amount) VALUES ($1, $2)';

async function credit(event: WebhookEventOf<'deposit.created'>, write: (text: string, values: unknown[]) => Promise<unknown>) {
  if (!quiet) process.stdout.write(`handling ${event.id}\n`);
  await write(CREDIT, [event.data.depositId, event.data.amount]);
  if (!quiet) process.stdout.write(`wrote ${event.id}\n`);
  if (env.HANG === '1') await new Promise(() => undefined);
  if (env.HOLD_MS) await new Promise((resolve) => setTimeout(resolve, Number(env.HOLD_MS)));
}

const onError = (error: unknown) => process.stderr.write(`onError ${String(error)}\n`);
let handler: RequestListener;
if (env.STORE === 'memory') {
  handler = createNodeWebhookHandler({
    secret,
    onError,
    on: { 'deposit.created': (event) => credit(event, (text, values) => pool.query(text, values)) },
  });
} else if (env.STORE === 'redis') {
  const redis = await createClient({ url: env.REDIS_URL }).connect();
  const store = createRedisDedupStore(redis, { leaseMs: Number(env.LEASE_MS ?? 300_000) });
  handler = createNodeWebhookHandler({
    secret,
    store,
    onError,
    on: { 'deposit.created': (event) => credit(event, (text, values) => pool.query(text, values)) },
  });
} else {
  handler = createNodeWebhookHandler({
    secret,
    store: createPostgresWebhookStore(pool),
    onError,
    on: { 'deposit.created': (event, { db }) => credit(event, (text, values) => db.query(text, values)) },
  });
}
const server = createServer(handler).listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`);
});
