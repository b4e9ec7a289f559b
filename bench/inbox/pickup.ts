// Pickup latency of the PostgreSQL inbox: from a delivery's acknowledgement (the receiver's insert
// committed) to its handler's start in an idle worker, in another process and in the same one.
// Events are sent one at a time, 150-350 ms apart, so the worker is idle (asleep between polls)
// each time, as at a quiet hour. Prints p50/p90/max per case.
// Uses a throwaway PostgreSQL cluster (as the tests do), or DATABASE_URL.
// Run: npx tsx bench/inbox/pickup.ts [events per case, default 40] [--baseline=<older src/postgres/index.ts>]
//   (an older checkout's source: `git archive <commit> src | tar -x -C /tmp/old`, then
//   --baseline=/tmp/old/src/postgres/index.ts; it is measured in the same run.)
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Pool } from 'pg';
import { createSignedWebhookDelivery, createWebhookReceiver } from '../../src/webhooks/index.js';
import { startPostgresServer } from '../../test/helpers/postgres-server.js';

type Postgres = typeof import('../../src/postgres/index.js');
const EVENTS = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 40);
const baseline = process.argv.find((arg) => arg.startsWith('--baseline='))?.slice('--baseline='.length);
const SECRET = 'whsec_inbox_pickup_bench';
const MAIN = fileURLToPath(new URL('./pickup-worker-main.ts', import.meta.url));
const CURRENT = fileURLToPath(new URL('../../src/postgres/index.ts', import.meta.url));
const postgres = process.env.DATABASE_URL ? undefined : await startPostgresServer();
const databaseUrl = process.env.DATABASE_URL ?? postgres?.url ?? '';
const now = () => performance.timeOrigin + performance.now();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function delivery(tag: string, i: number) {
  return createSignedWebhookDelivery({
    type: 'deposit.created',
    id: `evt_${tag}_${i}`,
    data: { depositId: `dep_${i}`, token: 'USDC', amount: '1.00', transactionHash: `0x${'cd'.repeat(32)}` },
    secret: SECRET,
  });
}

/** Sends EVENTS deliveries one by one; `started` resolves with the handler's start time of an id. */
async function measure(module: Postgres, tag: string, started: (id: string) => Promise<number>): Promise<number[]> {
  const pool = new Pool({ connectionString: databaseUrl, max: 4 });
  const receive = createWebhookReceiver({ secret: SECRET, inbox: module.createPostgresWebhookInbox(pool) });
  const latencies: number[] = [];
  for (let i = 0; i < EVENTS; i++) {
    await pause(150 + Math.random() * 200);
    const signed = delivery(tag, i);
    const begun = started(signed.event.id);
    const { status } = await receive({ body: signed.body, signature: signed.headers['x-webhook-signature'] });
    const acknowledged = now();
    if (status !== 200) throw new Error(`delivery answered ${status}`);
    latencies.push((await begun) - acknowledged);
  }
  await pool.end();
  return latencies;
}

async function otherProcess(modulePath: string, tag: string): Promise<number[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, DATABASE_URL: databaseUrl, INBOX_MODULE: modulePath },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const waiting = new Map<string, (at: number) => void>();
  let working: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    working = resolve;
  });
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (line === 'working') working();
      const [word, id, at] = line.split(' ');
      if (word === 'start' && id !== undefined) waiting.get(id)?.(Number(at));
    }
  });
  await ready;
  // Let it settle into its idle poll.
  await pause(1_500);
  try {
    return await measure((await import(modulePath)) as Postgres, tag, (id) => new Promise((resolve) => waiting.set(id, resolve)));
  } finally {
    child.kill('SIGKILL');
  }
}

async function sameProcess(modulePath: string, tag: string): Promise<number[]> {
  const module = (await import(modulePath)) as Postgres;
  const pool = new Pool({ connectionString: databaseUrl, max: 4 });
  const waiting = new Map<string, (at: number) => void>();
  const inbox = module.createPostgresWebhookInbox(pool);
  await inbox.stats();
  const worker = inbox.work({
    concurrency: 2,
    on: {
      'deposit.created': (event) => {
        waiting.get(event.id)?.(now());
      },
    },
  });
  await pause(1_500);
  try {
    // The receiver must share the worker's inbox object for an in-process wake-up: the same module, the same pool.
    const receive = createWebhookReceiver({ secret: SECRET, inbox });
    const latencies: number[] = [];
    for (let i = 0; i < EVENTS; i++) {
      await pause(150 + Math.random() * 200);
      const signed = delivery(tag, i);
      const begun = new Promise<number>((resolve) => waiting.set(signed.event.id, resolve));
      await receive({ body: signed.body, signature: signed.headers['x-webhook-signature'] });
      const acknowledged = now();
      latencies.push((await begun) - acknowledged);
    }
    return latencies;
  } finally {
    await worker.stop();
    await pool.end();
  }
}

const cases: [string, () => Promise<number[]>][] = [];
const variants: [string, string][] = [
  ['this checkout', CURRENT],
  ...(baseline ? [['baseline', baseline] as [string, string]] : []),
];
for (const [name, path] of variants) {
  const tag = name.replace(/\W/g, '');
  cases.push([`${name}, worker in another process`, () => otherProcess(path, `${tag}_other`)]);
  cases.push([`${name}, worker in the receiving process`, () => sameProcess(path, `${tag}_same`)]);
}
const lines = [
  `Pickup latency, acknowledgement to handler start (ms; negative: the handler started before the receiver's`,
  `COMMIT answered), ${EVENTS} events per case, ${cpus().length} CPUs, load ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} at the start`,
  '| case | p50 | p90 | max |',
  '|---|---:|---:|---:|',
];
for (const [name, run] of cases) {
  const sorted = (await run()).sort((a, b) => a - b);
  const f = (x: number) => x.toFixed(1);
  lines.push(`| ${name} | ${f(percentile(sorted, 50))} | ${f(percentile(sorted, 90))} | ${f(sorted.at(-1) ?? Number.NaN)} |`);
  console.error(lines.at(-1));
}
console.log(lines.join('\n'));
postgres?.close();
