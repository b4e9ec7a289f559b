// `transactions.list` walking 100,000 items in pages of 100 against a loopback server (in its own
// process), interleaved round by round with a hand-written fetch loop doing the least a correct
// client must: fetch, JSON.parse, check the envelope. Prints median items/s and the ratios
// SDK / hand loop. Targets: >= 0.85 with response validation on, >= 0.90 with it off.
// Run: npx tsx bench/resources/list-throughput.ts [rounds]
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import ky, { type KyInstance } from 'ky';
import { CreditPlatform } from '../../src/index.js';
import { API_KEY, TOTAL } from './loopback-server.js';

const ROUNDS = Number(process.argv[2] ?? 7);
const LIMIT = 100;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function handLoop(baseUrl: string): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?limit=${LIMIT}&cursor=${encodeURIComponent(cursor)}` : `?limit=${LIMIT}`;
    const res = await fetch(`${baseUrl}/transactions${query}`, { headers: { 'x-api-key': API_KEY } });
    const body = JSON.parse(await res.text()) as { success?: unknown; data?: { items?: unknown; nextCursor?: unknown } };
    if (!res.ok || body.success !== true || !body.data || !Array.isArray(body.data.items)) throw new Error('bad envelope');
    for (const _ of body.data.items) count++;
    cursor = typeof body.data.nextCursor === 'string' ? body.data.nextCursor : null;
  } while (cursor !== null);
  return count;
}

// ky alone, configured as the SDK configures it (a prefix, the query in the URL, no ky retry) but
// without the SDK: the ceiling any ky-based client can reach.
async function kyLoop(api: KyInstance): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await api.get(`transactions?limit=${LIMIT}${query}`);
    const body = JSON.parse(await res.text()) as { success?: unknown; data?: { items?: unknown; nextCursor?: unknown } };
    if (body.success !== true || !body.data || !Array.isArray(body.data.items)) throw new Error('bad envelope');
    for (const _ of body.data.items) count++;
    cursor = typeof body.data.nextCursor === 'string' ? body.data.nextCursor : null;
  } while (cursor !== null);
  return count;
}

async function sdkLoop(client: CreditPlatform): Promise<number> {
  let count = 0;
  for await (const _ of client.transactions.list({ limit: LIMIT })) count++;
  return count;
}

async function timed(run: () => Promise<number>): Promise<number> {
  const start = performance.now();
  const count = await run();
  const seconds = (performance.now() - start) / 1000;
  if (count !== TOTAL) throw new Error(`walked ${count} items, expected ${TOTAL}`);
  return count / seconds;
}

const child = fork(fileURLToPath(new URL('./loopback-server.ts', import.meta.url)), ['--serve'], { stdio: 'inherit' });
const baseUrl = await new Promise<string>((resolve) => child.once('message', (m) => resolve((m as { baseUrl: string }).baseUrl)));
try {
  const on = new CreditPlatform({ apiKey: API_KEY, baseUrl, validateResponses: true });
  const off = new CreditPlatform({ apiKey: API_KEY, baseUrl, validateResponses: false });
  const variants: [string, () => Promise<number>][] = [
    ['hand-written fetch loop', () => handLoop(baseUrl)],
    ['bare ky loop', () => kyLoop(ky.create({ prefix: baseUrl, headers: { 'x-api-key': API_KEY }, retry: 0 }))],
    ['SDK, validation on', () => sdkLoop(on)],
    ['SDK, validation off', () => sdkLoop(off)],
  ];
  // Warm-up: JIT, connection pool, schema compilation.
  for (const [, run] of variants) await timed(run);
  const results = new Map<string, number[]>(variants.map(([name]) => [name, []]));
  const ratiosOn: number[] = [];
  const ratiosOff: number[] = [];
  const ratiosKy: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Rotate the order so no variant always runs first (or right after a GC-heavy one).
    const order = variants.map((_, i) => variants[(i + round) % variants.length]!);
    const rates = new Map<string, number>();
    for (const [name, run] of order) rates.set(name, await timed(run));
    for (const [name, rate] of rates) results.get(name)!.push(rate);
    const hand = rates.get('hand-written fetch loop')!;
    ratiosOn.push(rates.get('SDK, validation on')! / hand);
    ratiosOff.push(rates.get('SDK, validation off')! / hand);
    ratiosKy.push(rates.get('bare ky loop')! / hand);
  }
  console.log(
    `transactions.list: ${TOTAL.toLocaleString()} items in pages of ${LIMIT}, ${ROUNDS} rounds (node ${process.version})`,
  );
  for (const [name, rates] of results)
    console.log(`  ${name.padEnd(26)} ${Math.round(median(rates)).toLocaleString().padStart(10)} items/s (median)`);
  console.log(
    `  ratio, validation on : ${median(ratiosOn).toFixed(3)} (target >= 0.85; per round: ${ratiosOn.map((r) => r.toFixed(2)).join(' ')})`,
  );
  console.log(
    `  ratio, validation off: ${median(ratiosOff).toFixed(3)} (target >= 0.90; per round: ${ratiosOff.map((r) => r.toFixed(2)).join(' ')})`,
  );
  console.log(
    `  ratio, bare ky       : ${median(ratiosKy).toFixed(3)} (the ceiling of a ky-based client; per round: ${ratiosKy.map((r) => r.toFixed(2)).join(' ')})`,
  );
} finally {
  child.kill();
}
