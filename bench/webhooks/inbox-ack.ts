// Acknowledgement latency with the Postgres inbox: deliveries sent over loopback at a fixed rate
// (open loop: each latency is counted from the moment its delivery was due, so a stalled receiver
// is not hidden by the sender waiting for it), to a receiver process whose in-process worker runs a
// handler that takes 2 s, or one that always throws; beside the floor, the same receiver without
// the inbox (the machine's own noise). Prints p50/p99/max per case.
// Uses a throwaway PostgreSQL cluster (as the tests do), or DATABASE_URL.
// Run: npx tsx bench/webhooks/inbox-ack.ts [seconds per case, default 10]
import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Pool } from 'pg';
import { createSignedWebhookDelivery } from '../../src/webhooks/index.js';
import { startPostgresServer } from '../../test/helpers/postgres-server.js';

const SECONDS = Number(process.argv[2] ?? 10);
const SECRET = 'whsec_inbox_ack_bench';
const MAIN = fileURLToPath(new URL('./inbox-receiver-main.ts', import.meta.url));
const postgres = process.env.DATABASE_URL ? undefined : await startPostgresServer();
const databaseUrl = process.env.DATABASE_URL ?? postgres?.url ?? '';
const admin = new Pool({ connectionString: databaseUrl, max: 1 });

async function startReceiver(handler: string): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, DATABASE_URL: databaseUrl, WEBHOOK_SECRET: SECRET, HANDLER: handler },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', () => reject(new Error('the receiver exited')));
  });
  return { port, child };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function run(handler: 'slow' | 'throw' | 'floor', rate: number): Promise<string> {
  await admin.query('DROP TABLE IF EXISTS credit_platform_webhook_inbox');
  const { port, child } = await startReceiver(handler);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const total = rate * SECONDS;
  const tag = `${handler}_${rate}_${Date.now()}`;
  const deliveries = Array.from({ length: total + 100 }, (_, i) =>
    createSignedWebhookDelivery({
      type: 'deposit.created',
      id: `evt_${tag}_${i}`,
      data: { depositId: `dep_${i}`, token: 'USDC', amount: '10.00', transactionHash: `0x${'ab'.repeat(32)}` },
      secret: SECRET,
    }),
  );
  const send = (i: number) =>
    new Promise<number>((resolve, reject) => {
      const d = deliveries[i]!;
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/webhooks',
          method: 'POST',
          agent,
          headers: { ...d.headers, 'content-length': Buffer.byteLength(d.body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(d.body);
    });
  // Warm-up: the table is created, the code compiled, and 20 at a time so the pool opens the
  // connections a burst needs (a new PostgreSQL backend costs tens of ms on a busy machine).
  await send(total);
  for (let i = total + 1; i < total + 100; i += 20) {
    await Promise.all(Array.from({ length: Math.min(20, total + 100 - i) }, (_, k) => send(i + k)));
  }
  const latencies: number[] = [];
  let failed = 0;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1_000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    // From when it was due (a late start counts against the receiver), or from when it left if
    // the timer let it leave a little early.
    const from = Math.min(due, performance.now());
    pending.push(
      send(i).then(
        (status) => {
          latencies.push(performance.now() - from);
          if (status !== 200) failed++;
        },
        () => {
          failed++;
        },
      ),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1_000;
  child.kill('SIGKILL');
  agent.destroy();
  const stored =
    handler === 'floor' ? 0 : Number((await admin.query('SELECT count(*) AS n FROM credit_platform_webhook_inbox')).rows[0].n);
  latencies.sort((a, b) => a - b);
  const f = (ms: number) => `${ms.toFixed(1)} ms`;
  return (
    `${handler === 'floor' ? 'floor (no inbox, no handler)' : `inbox, handler ${handler === 'slow' ? 'takes 2 s' : 'always throws'}`}, ${rate}/s for ${SECONDS} s: p50 ${f(percentile(latencies, 50))}, ` +
    `p99 ${f(percentile(latencies, 99))}, max ${f(latencies.at(-1) ?? Number.NaN)}; ${failed} not 200; ${stored} stored ` +
    `(${total} + 100 warm-up); sent in ${elapsed.toFixed(1)} s; load ${loadavg()[0]?.toFixed(2)}`
  );
}

console.log(
  `${cpus()[0]?.model} x${cpus().length}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const rate of [200, 1_000]) {
  for (const handler of ['floor', 'slow', 'throw'] as const) console.log(await run(handler, rate));
}
await admin.end();
postgres?.close();
