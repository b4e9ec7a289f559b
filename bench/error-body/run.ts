// bench/error-body: what one failed call costs when the service answers with a hostile error
// body: 32 MiB (just under the default maxResponseBytes) of `\f` escapes, as plain text and as
// the message of the service's envelope; one call, then 8 at once. The server runs in a child
// process. Printed per case: wall time of the call(s), the longest the event loop was blocked
// (a 1 ms timer's worst lateness), CPU time of this process, and peak RSS growth.
// Run: npx tsx --expose-gc bench/error-body/run.ts [sdk-entry]
//   sdk-entry defaults to this checkout's src/index.ts; pass another checkout's to compare.
import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpuNow } from '../lib/cpu-time.js';

const entry = resolve(process.argv[2] ?? new URL('../../src/index.ts', import.meta.url).pathname);
const { CreditPlatform } = (await import(pathToFileURL(entry).href)) as typeof import('../../src/index.js');
const gc = (globalThis as { gc?: () => void }).gc;

const child = fork(new URL('./server.ts', import.meta.url).pathname, { execArgv: ['--import', 'tsx'] });
const { port } = await new Promise<{ port: number }>((done) => child.once('message', (m) => done(m as { port: number })));
const client = new CreditPlatform({
  apiKey: 'cp_bench_key_0123456789abcdef',
  baseUrl: `http://127.0.0.1:${port}/api/v1`,
  logLevel: 'off',
  maxRetries: 0,
  timeout: 120_000,
});

async function measure(kind: string, calls: number): Promise<void> {
  gc?.();
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
        (error: unknown) => `${(error as Error).name}, message ${(error as Error).message.length} chars`,
      ),
    ),
  );
  const ms = performance.now() - started;
  const cpuMs = cpuNow() - cpu;
  peak = Math.max(peak, rss());
  clearInterval(sampler);
  console.log(
    `${kind.padEnd(8)} x${calls}: ${ms.toFixed(0).padStart(6)} ms wall, event loop blocked up to ${worstLag.toFixed(0).padStart(6)} ms, ` +
      `${cpuMs.toFixed(0).padStart(6)} ms CPU, RSS +${(peak - before).toFixed(0)} MB (${outcomes[0]})`,
  );
}

console.log(`32 MiB error bodies of \\f escapes via ${entry}`);
for (const kind of ['text', 'envelope']) {
  await measure(kind, 1); // warm-up: loads the transport
  await measure(kind, 1);
  await measure(kind, 8);
}
child.kill();
