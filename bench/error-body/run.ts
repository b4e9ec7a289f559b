// bench/error-body: what a failed call costs when the service answers with the review's hostile
// error body (issue 35): 32 MiB (just under the default maxResponseBytes) of `\f` escapes, as
// plain text and as the message of the service's envelope.
//   1. The error alone: apiErrorFromResponse on the decoded body, once, then 8 in a row (8 calls
//      failing at once build their errors one after another on the event loop): wall and CPU
//      time of the slowest, and heap growth while building.
//   2. Whole calls through the client against a server in a child process, one and then 8 at
//      once: wall time, the longest the event loop was blocked (a 1 ms timer's worst lateness),
//      CPU time and peak RSS growth (the 32 MiB bodies themselves included).
// Run: npx tsx --expose-gc bench/error-body/run.ts [checkout] [--no-client]
//   checkout defaults to this one; pass another checkout's root to compare.
import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { cpuNow } from '../lib/cpu-time.js';

const root = resolve(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? new URL('../..', import.meta.url).pathname);
const withClient = !process.argv.includes('--no-client');
const load = async <T>(path: string): Promise<T> => (await import(pathToFileURL(resolve(root, path)).href)) as T;
const { CreditPlatform } = await load<typeof import('../../src/index.js')>('src/index.ts');
const { apiErrorFromResponse } = await load<typeof import('../../src/core/transport/error-from-status.js')>(
  'src/core/transport/error-from-status.ts',
);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const KEY = 'cp_bench_key_0123456789abcdef';
const BYTES = 32 * 2 ** 20 - 1024;
const escapes = '\\f'.repeat(BYTES / 2);
// Decoded from bytes, as the transport hands a body over: one flat string.
const texts: Record<string, string> = {
  text: new TextDecoder().decode(Buffer.from(escapes)),
  envelope: new TextDecoder().decode(Buffer.from(`{"success":false,"message":"${escapes.slice(0, BYTES - 64)}"}`)),
};
const build = (text: string) =>
  apiErrorFromResponse({
    status: 500,
    headers: new Headers(),
    text,
    where: 'GET /x',
    secrets: [KEY],
    resetAt: undefined,
    now: 0,
  });

console.log(`error-body bench: 32 MiB error bodies of \\f escapes, checkout ${root}`);
console.log('1. building the error alone');
build('\\f'.repeat(1000)); // compiles the code the builds run
for (const [kind, text] of Object.entries(texts)) {
  for (const count of [1, 8]) {
    gc();
    const heapBefore = getHeapStatistics().used_heap_size;
    let slowest = 0;
    let slowestCpu = 0;
    let heapPeak = heapBefore;
    for (let i = 0; i < count; i++) {
      const cpu = cpuNow();
      const started = performance.now();
      build(text);
      slowest = Math.max(slowest, performance.now() - started);
      slowestCpu = Math.max(slowestCpu, cpuNow() - cpu);
      heapPeak = Math.max(heapPeak, getHeapStatistics().used_heap_size);
    }
    console.log(
      `  ${kind.padEnd(8)} x${count}: slowest ${slowest.toFixed(1).padStart(8)} ms wall, ${slowestCpu.toFixed(1).padStart(8)} ms CPU; ` +
        `heap +${((heapPeak - heapBefore) / 2 ** 20).toFixed(1)} MB (seen after each build)`,
    );
  }
}

if (withClient) {
  console.log('2. whole calls through the client (server in a child process)');
  const child = fork(new URL('./server.ts', import.meta.url).pathname, { execArgv: ['--import', 'tsx'] });
  const { port } = await new Promise<{ port: number }>((done) => child.once('message', (m) => done(m as { port: number })));
  const client = new CreditPlatform({
    apiKey: KEY,
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    logLevel: 'off',
    maxRetries: 0,
    timeout: 300_000,
  });
  await client.request('GET', '/small').catch(() => undefined); // loads the transport
  for (const kind of ['text', 'envelope']) {
    for (const calls of [1, 8]) {
      gc();
      const rss = () => process.memoryUsage().rss / 2 ** 20;
      const before = rss();
      let peak = before;
      let worstLag = 0;
      let last = performance.now();
      const sampler = setInterval(() => {
        const now = performance.now();
        worstLag = Math.max(worstLag, now - last - 1);
        last = now;
        peak = Math.max(peak, rss());
      }, 1);
      const cpu = cpuNow();
      const started = performance.now();
      const outcomes = await Promise.all(
        Array.from({ length: calls }, () =>
          client.request('GET', `/${kind}`).then(
            () => 'resolved',
            (error: unknown) => (error as Error).name,
          ),
        ),
      );
      const ms = performance.now() - started;
      const cpuMs = cpuNow() - cpu;
      peak = Math.max(peak, rss());
      clearInterval(sampler);
      console.log(
        `  ${kind.padEnd(8)} x${calls}: ${ms.toFixed(0).padStart(6)} ms wall, event loop blocked up to ${worstLag.toFixed(0).padStart(6)} ms, ` +
          `${cpuMs.toFixed(0).padStart(6)} ms CPU, RSS +${(peak - before).toFixed(0)} MB (${outcomes[0]})`,
      );
    }
  }
  child.kill();
}
