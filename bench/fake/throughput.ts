/**
 * Loopback throughput of the fake, and its memory while paging a large data set.
 *
 *   npx tsx bench/fake/throughput.ts
 *   NODE_OPTIONS=--expose-gc npx tsx bench/fake/throughput.ts   (steadier heap figures)
 *
 * Env: BENCH_REQUESTS (default 5000), BENCH_CONCURRENCY (default 8), BENCH_TRANSACTIONS (default 100000).
 */
import { startFakeServer } from '../../src/testing/index.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
const gc = (globalThis as { gc?: () => void }).gc;

const heapMb = () => {
  gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

// Limits high enough that the benchmark measures serving, not the 429 path.
const server = await startFakeServer({
  transactions: TRANSACTIONS,
  rateLimit: { tiers: { premium: { perMinute: 10_000_000, perDay: 10_000_000 } } },
});
const headers = { 'X-API-Key': server.apiKey };

async function accountsMe(): Promise<{ rps: number; p50: number; p99: number }> {
  let next = 0;
  const latencies: number[] = [];
  const worker = async () => {
    while (next++ < REQUESTS) {
      const t0 = performance.now();
      const res = await fetch(`${server.baseUrl}/accounts/me`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`unexpected ${res.status}`);
      latencies.push(performance.now() - t0);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

async function pageAll(): Promise<{ items: number; pages: number; seconds: number; heap: number[] }> {
  let cursor: string | null = null;
  let items = 0;
  let pages = 0;
  const heap: number[] = [];
  const started = performance.now();
  do {
    const query: string = cursor ? `?limit=100&cursor=${cursor}` : '?limit=100';
    const res = await fetch(`${server.baseUrl}/transactions${query}`, { headers });
    const body = (await res.json()) as { data: { items: unknown[]; nextCursor: string | null } };
    items += body.data.items.length;
    cursor = body.data.nextCursor;
    if (++pages % 250 === 0) heap.push(heapMb());
  } while (cursor);
  return { items, pages, seconds: (performance.now() - started) / 1000, heap };
}

await accountsMe(); // warm-up: JIT and connection pool
const me = await accountsMe();
console.log(
  `GET /accounts/me: ${REQUESTS} requests, ${CONCURRENCY} concurrent: ${me.rps.toFixed(0)} req/s, p50 ${me.p50.toFixed(2)} ms, p99 ${me.p99.toFixed(2)} ms`,
);

const before = heapMb();
const walk = await pageAll();
const after = heapMb();
console.log(
  `paged ${walk.items} transactions in ${walk.pages} pages of 100 in ${walk.seconds.toFixed(1)} s; ` +
    `heap ${before.toFixed(1)} MB before, ${after.toFixed(1)} MB after (every 250 pages: ${walk.heap.map((h) => h.toFixed(1)).join(', ')} MB)` +
    (gc ? '' : ' [no --expose-gc: figures include garbage not yet collected]'),
);
await server.close();
