// The price of exactly-once: deliveries per second through createNodeWebhookHandler with the
// memory, Redis and Postgres stores, the same callback crediting one ledger row in PostgreSQL in
// each case (through `context.db` under the Postgres store, autocommit on the pool otherwise).
// The receiver runs in a process of its own (test/helpers/receiver-process-main.ts); this process
// signs the deliveries up front and sends them over loopback HTTP, CONCURRENCY at a time, until
// COUNT are answered. Rounds interleave the stores so the machine's other load falls on all three.
// Wall-clock rates move with the machine's other load; the CPU time the delivery path costs (the
// receiver process, the PostgreSQL backends, redis-server; not this driver) does not, so both print.
// Uses a throwaway PostgreSQL cluster and redis-server (as the tests do), or DATABASE_URL/REDIS_URL.
// Run: npx tsx bench/webhooks/store-throughput.ts [rounds] [count] [concurrency]
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createClient } from 'redis';
import { Pool } from 'pg';
import { createSignedWebhookDelivery } from '../../src/webhooks/index.js';
import { startPostgresServer } from '../../test/helpers/postgres-server.js';
import { startReceiverProcess } from '../../test/helpers/receiver-process.js';
import { startRedisServer } from '../../test/helpers/redis-server.js';
import { median } from '../lib/stats.js';

const ROUNDS = Number(process.argv[2] ?? 3);
const COUNT = Number(process.argv[3] ?? 2_000);
const CONCURRENCY = Number(process.argv[4] ?? 16);
const SECRET = 'whsec_store_throughput';
const STORES = ['memory', 'redis', 'postgres'] as const;

const postgres = process.env.DATABASE_URL ? undefined : await startPostgresServer();
const redis = process.env.REDIS_URL ? undefined : await startRedisServer();
const databaseUrl = process.env.DATABASE_URL ?? postgres?.url ?? '';
const redisUrl = process.env.REDIS_URL ?? redis?.url ?? '';
const admin = new Pool({ connectionString: databaseUrl, max: 1 });
const redisInfo = await createClient({ url: redisUrl }).connect();
const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU ms of `pid` (with `children`, of its exited children too), from /proc/<pid>/stat. */
function cpuMs(pid: number, children: boolean): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = [11, 12, ...(children ? [13, 14] : [])].reduce((sum, i) => sum + Number(fields[i]), 0);
  return ticks * TICK_MS;
}

async function redisCpuMs(): Promise<number> {
  const info = await redisInfo.info('cpu');
  const seconds = (name: string) => Number(info.match(new RegExp(`${name}:([\\d.]+)`))?.[1] ?? 0);
  return (seconds('used_cpu_user') + seconds('used_cpu_sys')) * 1_000;
}

/** Waits until the receiver's PostgreSQL backends have exited (the postmaster then holds their CPU time). */
async function backendsGone(): Promise<void> {
  for (;;) {
    const { rows } = await admin.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend'");
    if (rows[0].n <= 1) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function round(store: (typeof STORES)[number], round: number): Promise<{ perSecond: number; cpuPerDelivery: number }> {
  await admin.query('DROP TABLE IF EXISTS ledger, credit_platform_webhook_events');
  await admin.query('CREATE TABLE ledger (deposit_id text NOT NULL, amount numeric NOT NULL)');
  await admin.query('SELECT pg_stat_reset()');
  const receiver = await startReceiverProcess({
    STORE: store,
    QUIET: '1',
    WEBHOOK_SECRET: SECRET,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
  });
  const deliveries = Array.from({ length: COUNT }, (_, i) =>
    createSignedWebhookDelivery({
      type: 'deposit.created',
      id: `evt_${store}_${round}_${i}`,
      data: { depositId: `dep_${i}`, token: 'USDC', amount: '10.00', transactionHash: `0x${'ab'.repeat(32)}` },
      secret: SECRET,
    }),
  );
  // Warm-up: the table is created, the connections opened, the code compiled.
  for (const warm of deliveries.slice(0, 50))
    await fetch(receiver.url, { method: 'POST', body: warm.body, headers: warm.headers });
  let next = 50;
  let failed = 0;
  await backendsGone();
  const cpuBefore = cpuMs(receiver.pid, false) + (postgres ? cpuMs(postgres.pid, true) : 0) + (await redisCpuMs());
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < deliveries.length) {
        const delivery = deliveries[next++]!;
        const response = await fetch(receiver.url, { method: 'POST', body: delivery.body, headers: delivery.headers });
        await response.arrayBuffer();
        if (response.status !== 200) failed++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1_000;
  const receiverCpu = cpuMs(receiver.pid, false);
  await receiver.kill();
  await backendsGone();
  const cpuAfter = receiverCpu + (postgres ? cpuMs(postgres.pid, true) : 0) + (await redisCpuMs());
  const credited = Number((await admin.query('SELECT count(*) AS n FROM ledger')).rows[0].n);
  if (failed > 0 || credited !== COUNT)
    throw new Error(`${store}: ${failed} deliveries failed, ${credited} of ${COUNT} credited`);
  return { perSecond: (COUNT - 50) / seconds, cpuPerDelivery: (cpuAfter - cpuBefore) / (COUNT - 50) };
}

const results: Record<string, number[]> = { memory: [], redis: [], postgres: [] };
const cpu: Record<string, number[]> = { memory: [], redis: [], postgres: [] };
for (let r = 0; r < ROUNDS; r++) {
  for (const store of STORES) {
    const { perSecond, cpuPerDelivery } = await round(store, r);
    results[store]!.push(perSecond);
    cpu[store]!.push(cpuPerDelivery);
    console.log(
      `round ${r + 1} ${store}: ${perSecond.toFixed(0)} deliveries/s, ${cpuPerDelivery.toFixed(3)} CPU ms per delivery`,
    );
  }
}
console.log(
  `\n${cpus()[0]?.model} x${cpus().length}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`${ROUNDS} rounds of ${COUNT} deliveries (first 50 are warm-up), ${CONCURRENCY} at a time; median deliveries/s:`);
const memory = median(results.memory!);
for (const store of STORES) {
  const m = median(results[store]!);
  console.log(
    `  ${store.padEnd(8)} ${m.toFixed(0).padStart(6)}  (${(m / memory).toFixed(2)} of memory; rounds ${results[store]!.map((v) => v.toFixed(0)).join(', ')})`,
  );
}
console.log(
  'median CPU ms per delivery (receiver process + PostgreSQL backends + redis-server), and the rate one core would give:',
);
const memoryCpu = median(cpu.memory!);
for (const store of STORES) {
  const m = median(cpu[store]!);
  console.log(
    `  ${store.padEnd(8)} ${m.toFixed(3)} ms  (${(1_000 / m).toFixed(0)} deliveries per CPU second, ${(memoryCpu / m).toFixed(2)} of memory; rounds ${cpu[store]!.map((v) => v.toFixed(3)).join(', ')})`,
  );
}
redisInfo.destroy();
await admin.end();
postgres?.close();
await redis?.close();
