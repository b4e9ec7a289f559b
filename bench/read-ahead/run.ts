// Read-ahead: a loopback server (its own process) that takes 20 ms to answer each page, and a
// consumer that spends 20 ms on each page. The default walk (no options) reads one page ahead
// from the second page on, overlapping the two, so it should reach close to twice the items/s
// of a strictly sequential walk (`prefetch: 0`) and of a hand-written sequential fetch loop.
// Target: the default >= 1.6x both, as the median of per-round ratios.
// Run: npm run bench:read-ahead [-- rounds]    (or: npx tsx bench/read-ahead/run.ts 5)
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { CreditPlatform } from '../../src/index.js';
import { interleave, median, medianRatio } from '../lib/stats.js';
import { API_KEY } from '../resources/loopback-server.js';

const ROUNDS = Number(process.argv[2] ?? 5);
const DELAY_MS = 20;
const WORK_MS = 20;
const LIMIT = 100;
const PAGES = 25;
const ITEMS = LIMIT * PAGES;

/** The consumer: after the last item of each page, 20 ms of work (a database write, say). */
async function consume(index: number): Promise<void> {
  if (index % LIMIT === LIMIT - 1) await sleep(WORK_MS);
}

/** A consumer whose 20 ms per page are synchronous work (transforming records), no await. */
function consumeSync(index: number): void {
  if (index % LIMIT !== LIMIT - 1) return;
  const end = performance.now() + WORK_MS;
  while (performance.now() < end);
}

async function sdkWalk(client: CreditPlatform, prefetch: number | undefined, sync = false): Promise<void> {
  let index = 0;
  const options = prefetch === undefined ? {} : { prefetch };
  for await (const _ of client.transactions.list({ limit: LIMIT }, options)) {
    if (sync) consumeSync(index);
    else await consume(index);
    if (++index === ITEMS) break;
  }
  if (index !== ITEMS) throw new Error(`walked ${index} items, expected ${ITEMS}`);
}

// What a user writes without the SDK: fetch a page, work through it, fetch the next.
async function handWalk(baseUrl: string): Promise<void> {
  let index = 0;
  let cursor: string | null = null;
  while (index < ITEMS) {
    const query: string = cursor ? `?limit=${LIMIT}&cursor=${encodeURIComponent(cursor)}` : `?limit=${LIMIT}`;
    const res = await fetch(`${baseUrl}/transactions${query}`, { headers: { 'x-api-key': API_KEY } });
    const body = (await res.json()) as { success?: unknown; data?: { items?: unknown[]; nextCursor?: string | null } };
    if (!res.ok || body.success !== true || !Array.isArray(body.data?.items)) throw new Error('bad envelope');
    for (const _ of body.data.items) {
      await consume(index);
      if (++index === ITEMS) break;
    }
    cursor = body.data.nextCursor ?? null;
    if (cursor === null) break;
  }
  if (index !== ITEMS) throw new Error(`walked ${index} items, expected ${ITEMS}`);
}

const child = fork(
  fileURLToPath(new URL('../resources/loopback-server.ts', import.meta.url)),
  ['--serve', `--delay=${DELAY_MS}`],
  {
    stdio: 'inherit',
  },
);
const baseUrl = await new Promise<string>((resolve) => child.once('message', (m) => resolve((m as { baseUrl: string }).baseUrl)));
try {
  const client = new CreditPlatform({ apiKey: API_KEY, baseUrl });
  const variants = {
    'hand-written sequential loop': () => handWalk(baseUrl),
    'SDK, prefetch 0 (sequential)': () => sdkWalk(client, 0),
    'SDK, default (no options)': () => sdkWalk(client, undefined),
    'SDK, prefetch 1': () => sdkWalk(client, 1),
    'SDK, prefetch 2': () => sdkWalk(client, 2),
    'SDK, prefetch 0, synchronous consumer': () => sdkWalk(client, 0, true),
    'SDK, default, synchronous consumer': () => sdkWalk(client, undefined, true),
  };
  for (const run of Object.values(variants)) await run(); // warm-up: JIT, connections, schemas
  const times = await interleave(variants, ROUNDS);
  console.log(
    `read-ahead: ${ITEMS.toLocaleString()} items in ${PAGES} pages of ${LIMIT}; server +${DELAY_MS} ms/page, consumer ${WORK_MS} ms/page; ${ROUNDS} rounds (node ${process.version})`,
  );
  for (const [name, ms] of Object.entries(times)) {
    console.log(
      `  ${name.padEnd(30)} ${Math.round(ITEMS / (median(ms) / 1000))
        .toLocaleString()
        .padStart(8)} items/s (median)`,
    );
  }
  // items/s ratio a/b = time b / time a, round by round.
  const speedup = (a: string, b: string) => medianRatio(times[b]!, times[a]!);
  const vsSequential = speedup('SDK, default (no options)', 'SDK, prefetch 0 (sequential)');
  const vsHand = speedup('SDK, default (no options)', 'hand-written sequential loop');
  const verdict = (ratio: number) => (ratio >= 1.6 ? 'PASS' : 'FAIL');
  console.log(`  ${verdict(vsSequential)} default vs prefetch 0: ${vsSequential.toFixed(2)}x items/s (target >= 1.6)`);
  console.log(`  ${verdict(vsHand)} default vs hand-written loop: ${vsHand.toFixed(2)}x items/s (target >= 1.6)`);
  console.log(`  prefetch 1 vs default: ${speedup('SDK, prefetch 1', 'SDK, default (no options)').toFixed(2)}x items/s`);
  console.log(`  prefetch 2 vs default: ${speedup('SDK, prefetch 2', 'SDK, default (no options)').toFixed(2)}x items/s`);
  const syncRatio = speedup('SDK, default, synchronous consumer', 'SDK, prefetch 0, synchronous consumer');
  console.log(
    `  ${verdict(syncRatio)} default vs prefetch 0, consumer working synchronously: ${syncRatio.toFixed(2)}x items/s (target >= 1.6)`,
  );
} finally {
  child.kill();
}
