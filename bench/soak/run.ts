// bench/soak: many calls under injected faults, checking that nothing is lost and nothing leaks.
// 20,000 calls (GET, list, POST) against the fake in a child process, 10% of requests meeting a
// fault (5xx, 429, HTML, empty, truncated, dropped, slow), 100 in flight. Checks: every call
// settles with data or an SDK error; heap after GC within 5 MB of the start; no handle left open.
// Run: npx tsx --expose-gc bench/soak/run.ts [calls] [inFlight]   (CI runs a short form)
import { fork } from 'node:child_process';
import { BACKOFF } from '../../src/core/retry-policy.js';
import { CreditPlatform, CreditPlatformError } from '../../src/index.js';

const CALLS = Number(process.argv[2] ?? 20_000);
const IN_FLIGHT = Number(process.argv[3] ?? 100);
const HEAP_BUDGET_MB = 5;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc (npx tsx --expose-gc bench/soak/run.ts)');

// Short waits: the soak checks what is kept and settled, not how long the backoff is.
Object.assign(BACKOFF, { baseMs: 5, maxMs: 20 });

async function heapMb(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed / 2 ** 20;
}

// Handles this process had before the soak (its stdio, say) are not the soak's to close.
const handlesBefore = process.getActiveResourcesInfo();
const child = fork(new URL('./server.ts', import.meta.url).pathname, { execArgv: ['--import', 'tsx'] });
const { baseUrl, apiKey } = await new Promise<{ baseUrl: string; apiKey: string }>((resolve) =>
  child.once('message', (m) => resolve(m as { baseUrl: string; apiKey: string })),
);
const client = new CreditPlatform({ apiKey, baseUrl, logLevel: 'off', maxRetries: 2, timeout: 2_000, totalTimeout: 10_000 });

const outcomes = new Map<string, number>();
let settled = 0;
let foreign = 0;
const count = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);

function oneCall(i: number): Promise<unknown> {
  switch (i % 4) {
    case 0:
      return client.transactions.list({ limit: 5 });
    case 1:
      return client.deposits.create({ token: 'USDC', chain: 'Base', amount: '1.00' });
    default:
      return client.accounts.me();
  }
}

async function run(calls: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < calls) {
      const i = next++;
      try {
        await oneCall(i);
        count('ok');
      } catch (error) {
        if (error instanceof CreditPlatformError) count(error.name);
        else {
          foreign++;
          count(`NOT AN SDK ERROR: ${String(error)}`);
        }
      } finally {
        settled++;
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

const started = performance.now();
await run(Math.min(1_000, CALLS)); // warm-up: JIT, sockets, lazily built schemas
const heapStart = await heapMb();
settled = 0;
outcomes.clear();
await run(CALLS);
const heapEnd = await heapMb();
const seconds = (performance.now() - started) / 1000;

child.send('stop');
const { injected } = await new Promise<{ injected: number }>((resolve) => child.once('message', (m) => resolve(m as never)));
await new Promise((resolve) => child.once('exit', resolve));
// Let keep-alive sockets notice the server is gone.
await new Promise((resolve) => setTimeout(resolve, 200));
const handles = process.getActiveResourcesInfo();
for (const known of handlesBefore) {
  const at = handles.indexOf(known);
  if (at >= 0) handles.splice(at, 1);
}

const growth = heapEnd - heapStart;
console.log(`calls=${CALLS} inFlight=${IN_FLIGHT} node=${process.version} time=${seconds.toFixed(1)} s`);
console.log(`settled ${settled}/${CALLS}; server injected ${injected} faults (incl. warm-up)`);
console.log(`outcomes: ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')}`);
console.log(
  `heap after GC: start ${heapStart.toFixed(2)} MB, end ${heapEnd.toFixed(2)} MB, growth ${growth.toFixed(2)} MB (budget ${HEAP_BUDGET_MB} MB)`,
);
console.log(`open handles after close: ${handles.length === 0 ? 'none' : handles.join(', ')}`);

const problems: string[] = [];
if (settled !== CALLS) problems.push(`${CALLS - settled} calls never settled`);
if (foreign > 0) problems.push(`${foreign} rejections were not SDK errors`);
if (growth > HEAP_BUDGET_MB) problems.push(`heap grew ${growth.toFixed(2)} MB`);
if (handles.length > 0) problems.push(`handles left open: ${handles.join(', ')}`);
if (injected === 0) problems.push('no fault was injected');
console.log(problems.length === 0 ? 'PASS soak' : `FAIL soak: ${problems.join('; ')}`);
process.exitCode = problems.length === 0 ? 0 : 1;
