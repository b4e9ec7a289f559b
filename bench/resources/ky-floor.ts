// What paging costs over ky alone. Walks 100,000 transactions in pages of 100 three ways, each in a
// fresh process per round (like ../shared/bench-peers/compare.sh): the raw fetch loop, the
// cheapest loop any ky-based client can run (ky as the SDK configures it: a prefix, the query
// already in the URL, no ky retry, `.text()` + JSON.parse), and the SDK's `for await`. Reports time
// ratios to the raw loop and the growth of heap and RSS during the walk, medians over the rounds.
// Issue 13 asks for the SDK within 1.15x of the raw loop and its heap within 5 MB of the raw
// loop's while keeping ky as the one pipeline: the ky row shows how much of that ky itself takes.
// Run: npx tsx bench/resources/ky-floor.ts [rounds]
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import ky from 'ky';
import { CreditPlatform } from '../../src/index.js';
import { median } from '../lib/stats.js';
import { API_KEY, TOTAL } from './loopback-server.js';

type Contender = 'raw fetch loop' | 'bare ky loop' | 'SDK for await';
interface Walked {
  ms: number;
  heapMb: number;
  rssMb: number;
}
const CONTENDERS: Contender[] = ['raw fetch loop', 'bare ky loop', 'SDK for await'];
const LIMIT = 100;
const self = fileURLToPath(import.meta.url);

function walker(contender: Contender, baseUrl: string): (max: number) => Promise<number> {
  const headers = { 'x-api-key': API_KEY };
  if (contender === 'raw fetch loop') {
    return async (max) => {
      let count = 0;
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const res = await fetch(`${baseUrl}/transactions?limit=${LIMIT}${query}`, { headers });
        const body = JSON.parse(await res.text()) as { data: { items: unknown[]; nextCursor: string | null } };
        for (const _ of body.data.items) if (++count >= max) return count;
        cursor = body.data.nextCursor;
      } while (cursor);
      return count;
    };
  }
  if (contender === 'bare ky loop') {
    const api = ky.create({ prefix: baseUrl, headers, retry: 0 });
    return async (max) => {
      let count = 0;
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const body = JSON.parse(await api(`transactions?limit=${LIMIT}${query}`).text()) as {
          data: { items: unknown[]; nextCursor: string | null };
        };
        for (const _ of body.data.items) if (++count >= max) return count;
        cursor = body.data.nextCursor;
      } while (cursor);
      return count;
    };
  }
  const client = new CreditPlatform({ apiKey: API_KEY, baseUrl });
  return async (max) => {
    let count = 0;
    for await (const _ of client.transactions.list({ limit: LIMIT })) if (++count >= max) break;
    return count;
  };
}

/** One contender in this (child) process: warm up, then the timed walk with memory sampled every 10 ms. */
async function walkOnce(contender: Contender, baseUrl: string): Promise<Walked> {
  const walk = walker(contender, baseUrl);
  await walk(20_000);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const start = process.memoryUsage();
  let heap = start.heapUsed;
  let rss = start.rss;
  const sample = (): void => {
    const now = process.memoryUsage();
    heap = Math.max(heap, now.heapUsed);
    rss = Math.max(rss, now.rss);
  };
  const timer = setInterval(sample, 10);
  const started = performance.now();
  const count = await walk(Number.POSITIVE_INFINITY);
  const ms = performance.now() - started;
  clearInterval(timer);
  sample();
  if (count !== TOTAL) throw new Error(`${contender} walked ${count} items, expected ${TOTAL}`);
  const mb = (bytes: number): number => bytes / 1024 / 1024;
  return { ms, heapMb: mb(heap - start.heapUsed), rssMb: mb(rss - start.rss) };
}

function runChild(contender: Contender, baseUrl: string): Promise<Walked> {
  return new Promise((resolve, reject) => {
    const child = fork(self, ['--child', contender, baseUrl], { execArgv: [...process.execArgv, '--expose-gc'] });
    child.once('message', (message) => resolve(message as Walked));
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`${contender} exited with ${code}`))));
  });
}

if (process.argv[2] === '--child') {
  process.send?.(await walkOnce(process.argv[3] as Contender, process.argv[4] as string));
  process.exit(0);
}

const rounds = Number(process.argv[2] ?? 5);
const server = fork(fileURLToPath(new URL('./loopback-server.ts', import.meta.url)), ['--serve'], { stdio: 'inherit' });
const baseUrl = await new Promise<string>((resolve) =>
  server.once('message', (m) => resolve((m as { baseUrl: string }).baseUrl)),
);
try {
  const results = new Map<Contender, Walked[]>(CONTENDERS.map((name) => [name, []]));
  const ratios = new Map<Contender, number[]>(CONTENDERS.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const byName = new Map<Contender, Walked>();
    // Rotated, so no contender always runs first.
    for (let i = 0; i < CONTENDERS.length; i++) {
      const name = CONTENDERS[(i + round) % CONTENDERS.length] as Contender;
      byName.set(name, await runChild(name, baseUrl));
    }
    const raw = byName.get('raw fetch loop') as Walked;
    for (const [name, walked] of byName) {
      results.get(name)?.push(walked);
      ratios.get(name)?.push(walked.ms / raw.ms);
    }
  }
  console.log(
    `paging ${TOTAL.toLocaleString()} items by ${LIMIT}, ${rounds} rounds, a fresh process each (node ${process.version})`,
  );
  console.log('  contender          time ratio  [range]      heap growth  RSS growth   (medians)');
  for (const name of CONTENDERS) {
    const walked = results.get(name) as Walked[];
    const r = ratios.get(name) as number[];
    const range = `[${Math.min(...r).toFixed(2)}-${Math.max(...r).toFixed(2)}]`;
    const heap = median(walked.map((w) => w.heapMb)).toFixed(1);
    const rss = median(walked.map((w) => w.rssMb)).toFixed(1);
    console.log(
      `  ${name.padEnd(18)} ${median(r).toFixed(2).padStart(10)}  ${range.padEnd(11)}  +${heap.padStart(5)} MB   +${rss.padStart(5)} MB`,
    );
  }
} finally {
  server.kill();
}
