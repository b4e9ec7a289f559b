// Inbox throughput: events processed per second by inbox workers (one process with concurrency 1
// and 4, and 4 worker processes of concurrency 1), each event crediting one ledger row through
// `context.db` in the transaction that marks it done; against the exactly-once store on the same
// machine: deliveries per second through createNodeWebhookHandler with createPostgresWebhookStore
// in a receiver process, the same credit in the delivery's transaction, 1 and 4 deliveries at a time.
// The inbox rows are inserted in one statement before the clock starts (receiving is measured by
// bench/webhooks/inbox-ack.ts); the store's figure includes HTTP and verification, as its work does.
// Uses a throwaway PostgreSQL cluster (as the tests do), or DATABASE_URL.
// Run: npx tsx bench/webhooks/inbox-throughput.ts [events, default 2000] [rounds, default 1]
import { cpus, loadavg } from 'node:os';
import { Pool } from 'pg';
import { createPostgresWebhookInbox } from '../../src/postgres/index.js';
import { createSignedWebhookDelivery } from '../../src/webhooks/index.js';
import { startInboxWorkerProcess } from '../../test/helpers/inbox-worker-process.js';
import { startPostgresServer } from '../../test/helpers/postgres-server.js';
import { startReceiverProcess } from '../../test/helpers/receiver-process.js';
import { median } from '../lib/stats.js';

const COUNT = Number(process.argv[2] ?? 2_000);
const ROUNDS = Number(process.argv[3] ?? 1);
const SECRET = 'whsec_inbox_throughput';
const postgres = process.env.DATABASE_URL ? undefined : await startPostgresServer();
const databaseUrl = process.env.DATABASE_URL ?? postgres?.url ?? '';
const admin = new Pool({ connectionString: databaseUrl, max: 2 });

function signed(tag: string, i: number) {
  return createSignedWebhookDelivery({
    type: 'deposit.created',
    id: `evt_${tag}_${i}`,
    data: { depositId: `dep_${i}`, token: 'USDC', amount: '10.00', transactionHash: `0x${'ab'.repeat(32)}` },
    secret: SECRET,
  });
}

async function freshTables(): Promise<void> {
  await admin.query('DROP TABLE IF EXISTS ledger, credit_platform_webhook_inbox, credit_platform_webhook_events');
  await admin.query('CREATE TABLE ledger (event_id text, deposit_id text NOT NULL, amount numeric NOT NULL)');
  await createPostgresWebhookInbox(admin).stats(); // creates the inbox table
}

/** Inserts COUNT pending events in one statement, as a receiver would have stored them. */
async function fill(tag: string): Promise<void> {
  const ids: string[] = [];
  const bodies: string[] = [];
  for (let i = 0; i < COUNT; i++) {
    ids.push(`evt_${tag}_${i}`);
    bodies.push(signed(tag, i).body);
  }
  await admin.query(
    'INSERT INTO credit_platform_webhook_inbox (event_id, type, event_time, body) ' +
      "SELECT id, 'deposit.created', now(), body FROM unnest($1::text[], $2::text[]) AS t(id, body)",
    [ids, bodies],
  );
}

async function untilDone(): Promise<void> {
  for (;;) {
    const { rows } = await admin.query("SELECT count(*)::int AS n FROM credit_platform_webhook_inbox WHERE status = 'done'");
    if (rows[0].n >= COUNT) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function credited(): Promise<void> {
  const { rows } = await admin.query('SELECT count(*)::int AS n, count(DISTINCT deposit_id)::int AS d FROM ledger');
  if (rows[0].n !== COUNT || rows[0].d !== COUNT)
    throw new Error(`credited ${rows[0].n} rows, ${rows[0].d} distinct, of ${COUNT}`);
}

async function inProcess(concurrency: number, round: number): Promise<number> {
  await freshTables();
  const pool = new Pool({ connectionString: databaseUrl, max: concurrency + 2 });
  const inbox = createPostgresWebhookInbox(pool);
  await fill(`p${concurrency}_${round}`);
  const start = performance.now();
  const worker = inbox.work({
    concurrency,
    pollIntervalMs: 10,
    on: {
      'deposit.created': async (event, { db }) => {
        await db.query('INSERT INTO ledger (event_id, deposit_id, amount) VALUES ($1, $2, $3)', [
          event.id,
          event.data.depositId,
          event.data.amount,
        ]);
      },
    },
  });
  await untilDone();
  const rate = COUNT / ((performance.now() - start) / 1_000);
  await worker.stop();
  await pool.end();
  await credited();
  return rate;
}

async function processes(count: number, round: number): Promise<number> {
  await freshTables();
  const workers = Array.from({ length: count }, () =>
    startInboxWorkerProcess({ DATABASE_URL: databaseUrl, CONCURRENCY: '1', HOLD_MS: '0' }),
  );
  await Promise.all(workers.map((worker) => worker.printed('working')));
  await new Promise((resolve) => setTimeout(resolve, 500)); // their first polls (table exists)
  const start = performance.now();
  await fill(`x${count}_${round}`);
  await untilDone();
  const rate = COUNT / ((performance.now() - start) / 1_000);
  await Promise.all(workers.map((worker) => worker.kill()));
  await credited();
  return rate;
}

async function store(concurrency: number, round: number): Promise<number> {
  await freshTables();
  const receiver = await startReceiverProcess({
    STORE: 'postgres',
    QUIET: '1',
    WEBHOOK_SECRET: SECRET,
    DATABASE_URL: databaseUrl,
  });
  const deliveries = Array.from({ length: COUNT + 20 }, (_, i) => signed(`s${concurrency}_${round}`, i));
  for (const warm of deliveries.slice(COUNT))
    await fetch(receiver.url, { method: 'POST', body: warm.body, headers: warm.headers });
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < COUNT) {
        const d = deliveries[next++]!;
        const response = await fetch(receiver.url, { method: 'POST', body: d.body, headers: d.headers });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`store delivery answered ${response.status}`);
      }
    }),
  );
  const rate = COUNT / ((performance.now() - start) / 1_000);
  await receiver.kill();
  const { rows } = await admin.query('SELECT count(*)::int AS n FROM ledger');
  if (rows[0].n !== COUNT + 20) throw new Error(`store credited ${rows[0].n} of ${COUNT + 20}`);
  return rate;
}

const cases: [string, (round: number) => Promise<number>][] = [
  ['inbox, 1 worker (concurrency 1)', (r) => inProcess(1, r)],
  ['inbox, 1 process, concurrency 4', (r) => inProcess(4, r)],
  ['inbox, 4 worker processes', (r) => processes(4, r)],
  ['exactly-once store, 1 delivery at a time', (r) => store(1, r)],
  ['exactly-once store, 4 deliveries at a time', (r) => store(4, r)],
];
console.log(
  `${cpus()[0]?.model} x${cpus().length}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${COUNT} events per case`,
);
const results = new Map<string, number[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, run] of cases) {
    const rate = await run(round);
    results.set(name, [...(results.get(name) ?? []), rate]);
    console.log(`round ${round + 1} ${name}: ${rate.toFixed(0)} events/s (load ${loadavg()[0]?.toFixed(2)})`);
  }
}
console.log('median events per second:');
for (const [name, rates] of results) console.log(`  ${name.padEnd(44)} ${median(rates).toFixed(0).padStart(6)}`);
await admin.end();
postgres?.close();
