import { fork } from 'node:child_process';
import { CreditPlatform } from '/work/wt/p20/src/index.js';
import { API_KEY } from '/work/wt/p20/bench/resources/loopback-server.js';
const child = fork('/work/wt/p20/bench/resources/loopback-server.ts', ['--serve']);
const baseUrl = await new Promise<string>((r) => child.once('message', (m) => r((m as { baseUrl: string }).baseUrl)));
const client = new CreditPlatform({ apiKey: API_KEY, baseUrl });
const mode = process.argv[2] ?? 'sdk';
async function walk(max: number) {
  let n = 0;
  for await (const tx of client.transactions.list({ limit: 100 }, mode === 'seq' ? { prefetch: 0 } : {})) {
    if (++n >= max) break;
  }
  return n;
}
await walk(20000);
const t = performance.now();
const n = await walk(100000);
const ms = performance.now() - t;
console.log(mode, ms.toFixed(0), n, (process.memoryUsage().heapUsed / 1e6).toFixed(1));
child.kill();
