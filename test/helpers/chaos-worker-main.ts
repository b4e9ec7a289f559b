// An inbox worker of test/postgres/chaos.test.ts, in a process of its own so the test can SIGKILL
// it mid-handler (run by inbox-worker-process.ts). Each event's effect is one row in `effects`
// (no key: a second run shows as a second row) and one in `ledger` (keyed by the event id). The
// event id says how its first attempt misbehaves: `_set` runs a session-level SET (which
// `context.db` must refuse), `_hang` never settles (the worker's deadline must end it).
//   DATABASE_URL  CONCURRENCY  TIMEOUT_MS
// Prints `working` once started, and `hang <event id>` when a handler starts hanging.
import type { PoolClient } from 'pg';
import { Pool } from 'pg';
import { createPostgresWebhookInbox, type WebhookInboxWorkOptions } from '../../src/postgres/index.js';

const env = process.env;
const concurrency = Number(env.CONCURRENCY ?? 3);
// `concurrency` events at once, beside the 2 connections the workers leave to other statements
// (`reservedConnections`) and the worker's LISTEN connection.
const pool = new Pool({ connectionString: env.DATABASE_URL, max: concurrency + 3 });
const inbox = createPostgresWebhookInbox(pool, { maxAttempts: 10, retryDelayMs: () => 50 });

type Handler = NonNullable<WebhookInboxWorkOptions<PoolClient>['on']>['deposit.created'];
const credit: Handler = async (event, { db, attempt }) => {
  if (attempt === 1 && event.id.endsWith('_set')) {
    // A tenant's schema, as a schema-per-tenant handler would pick it.
    await db.query('SET search_path TO tenant_b, public');
  }
  if (attempt === 1 && event.id.endsWith('_hang')) {
    process.stdout.write(`hang ${event.id}\n`);
    // Never settles, and ignores `context.signal`: only the worker's deadline ends the attempt.
    await new Promise<never>(() => undefined);
  }
  await db.query('INSERT INTO public.effects (event_id) VALUES ($1)', [event.id]);
  await db.query('INSERT INTO public.ledger (event_id) VALUES ($1) ON CONFLICT (event_id) DO NOTHING', [event.id]);
};

const options: WebhookInboxWorkOptions<PoolClient> = {
  concurrency,
  pollIntervalMs: 20,
  timeoutMs: Number(env.TIMEOUT_MS ?? 3_000),
  onError: () => undefined,
  on: { 'deposit.created': credit },
};
inbox.work(options);
process.stdout.write('working\n');
