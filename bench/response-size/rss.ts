// bench/response-size: how much the client's memory grows while it answers one call whose
// response is 128 MiB (issue 17). The server runs in a child process; this process samples
// its own RSS every 5 ms from before the call until it settles, and prints the peak growth.
// Run: npx tsx --expose-gc bench/response-size/rss.ts [sdk-entry] [MiB]
//   sdk-entry defaults to this checkout's src/index.ts; pass another checkout's to compare.
//   SIZE_HEADER=1 sends a Content-Length; MAX_RESPONSE_BYTES sets the client option.
import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const entry = resolve(process.argv[2] ?? new URL('../../src/index.ts', import.meta.url).pathname);
const mib = Number(process.argv[3] ?? 128);
const { CreditPlatform } = (await import(pathToFileURL(entry).href)) as typeof import('../../src/index.js');
const gc = (globalThis as { gc?: () => void }).gc;

const child = fork(new URL('./server.ts', import.meta.url).pathname, {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, BODY_BYTES: String(mib * 2 ** 20) },
});
const { port } = await new Promise<{ port: number }>((done) => child.once('message', (m) => done(m as { port: number })));
const limit = process.env.MAX_RESPONSE_BYTES;
const client = new CreditPlatform({
  apiKey: 'cp_bench_key',
  baseUrl: `http://127.0.0.1:${port}/api/v1`,
  logLevel: 'off',
  maxRetries: 0,
  timeout: 120_000,
  ...(limit === undefined ? {} : { maxResponseBytes: Number(limit) }),
} as ConstructorParameters<typeof CreditPlatform>[0]);

// A warm-up call of the same shape, so that loading the transport does not count.
await client.request('GET', '/warm', { maxRetries: 0 }).catch(() => undefined);
gc?.();
const rss = () => process.memoryUsage().rss / 2 ** 20;
const before = rss();
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, rss());
}, 5);
const started = performance.now();
let outcome: string;
try {
  const data = await client.request('GET', '/big');
  outcome = `resolved: data is a string of ${(data as string).length} characters`;
} catch (error) {
  outcome = `${(error as Error).name}: ${(error as Error).message}`;
}
const ms = performance.now() - started;
peak = Math.max(peak, rss());
clearInterval(sampler);
child.kill();
console.log(`${mib} MiB response${process.env.SIZE_HEADER === '1' ? ' (Content-Length)' : ' (chunked)'} via ${entry}`);
console.log(outcome);
console.log(
  `RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB: +${(peak - before).toFixed(0)} MB in ${ms.toFixed(0)} ms`,
);
