// bench/overhead: the cost of one `accounts.me()` against bare ky and raw fetch on loopback.
// Target (issue "The spine"): the SDK at most 1.05x bare ky, per call.
// Run: npx tsx bench/overhead/run.ts [rounds] [callsPerRound]
import { fork } from 'node:child_process';
import ky from 'ky';
import { CreditPlatform } from '../../src/index.js';
import { interleave, median, medianRatio } from '../lib/stats.js';

const rounds = Number(process.argv[2] ?? 41);
const calls = Number(process.argv[3] ?? 250);

const child = fork(new URL('./server.ts', import.meta.url).pathname, { execArgv: ['--import', 'tsx'] });
const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(Number(m))));
const baseUrl = `http://127.0.0.1:${port}/api/v1/`;

const client = new CreditPlatform({ apiKey: 'bench-key-0000', baseUrl });
const api = ky.create({ baseUrl, headers: { 'x-api-key': 'bench-key-0000' } });

const variants = {
  async fetch() {
    for (let i = 0; i < calls; i++) {
      const res = await fetch(`${baseUrl}accounts/me`, { headers: { 'x-api-key': 'bench-key-0000' } });
      const body = JSON.parse(await res.text()) as { data: unknown };
      if (!body.data) throw new Error('no data');
    }
  },
  async ky() {
    for (let i = 0; i < calls; i++) {
      const res = await api.get('accounts/me');
      const body = (await res.json()) as { data: unknown };
      if (!body.data) throw new Error('no data');
    }
  },
  async sdk() {
    for (let i = 0; i < calls; i++) {
      const me = await client.accounts.me();
      if (!me.id) throw new Error('no data');
    }
  },
};

await interleave(variants, 3); // warm-up: JIT, keep-alive sockets
console.log(`rounds=${rounds} callsPerRound=${calls} node=${process.version}`);
// Wall time is what a user feels; the client process's CPU time is the same comparison with
// the machine's other load filtered out (the server runs in its own process).
for (const clock of ['wall', 'cpu'] as const) {
  const times = await interleave(variants, rounds, clock);
  const perCallUs = (name: keyof typeof variants) => ((median(times[name]!) / calls) * 1000).toFixed(1);
  console.log(`[${clock}] median per call: fetch ${perCallUs('fetch')} µs, ky ${perCallUs('ky')} µs, sdk ${perCallUs('sdk')} µs`);
  console.log(
    `[${clock}] sdk / ky = ${medianRatio(times.sdk!, times.ky!).toFixed(3)}x (target <= 1.05), sdk / fetch = ${medianRatio(times.sdk!, times.fetch!).toFixed(3)}x, ky / fetch = ${medianRatio(times.ky!, times.fetch!).toFixed(3)}x`,
  );
}
child.kill();
