// bench/tracing: what the `credit-platform:request` TracingChannel costs on the hot path.
// Three variants of `accounts.me()` against a loopback server, interleaved in one run:
//   none          the SDK with no channel at all (the baseline)
//   unsubscribed  the channel present, nobody subscribed (what every user pays)
//   subscribed    a no-op subscriber on all five events (what tracing costs when it is on)
// Target: unsubscribed / none within noise (about 1.00x). Ratios are medians of per-round ratios.
// Run: npx tsx bench/tracing/unsubscribed.ts [rounds] [callsPerRound]
import { fork } from 'node:child_process';
import diagnostics_channel from 'node:diagnostics_channel';
import { tracing } from '../../src/core/observability/tracing.js';
import { CreditPlatform, TRACING_CHANNEL } from '../../src/index.js';
import { interleave, median, medianRatio } from '../lib/stats.js';

const rounds = Number(process.argv[2] ?? 41);
const calls = Number(process.argv[3] ?? 250);

const child = fork(new URL('../overhead/server.ts', import.meta.url).pathname, { execArgv: ['--import', 'tsx'] });
const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(Number(m))));
const client = new CreditPlatform({ apiKey: 'bench-key-0000', baseUrl: `http://127.0.0.1:${port}/api/v1/`, logLevel: 'off' });

const channel = tracing.channel;
if (!channel) throw new Error('no diagnostics_channel on this runtime');
const noop = () => undefined;
const handlers = { start: noop, end: noop, asyncStart: noop, asyncEnd: noop, error: noop };
const traced = diagnostics_channel.tracingChannel(TRACING_CHANNEL);

async function run(): Promise<void> {
  for (let i = 0; i < calls; i++) {
    const me = await client.accounts.me();
    if (!me.id) throw new Error('no data');
  }
}

const variants = {
  async none() {
    tracing.channel = undefined;
    await run();
    tracing.channel = channel;
  },
  async unsubscribed() {
    await run();
  },
  async subscribed() {
    traced.subscribe(handlers);
    await run();
    traced.unsubscribe(handlers);
  },
};

await interleave(variants, 3); // warm-up
console.log(`rounds=${rounds} callsPerRound=${calls} node=${process.version}`);
for (const clock of ['wall', 'cpu'] as const) {
  const times = await interleave(variants, rounds, clock);
  const us = (name: keyof typeof variants) => ((median(times[name]!) / calls) * 1000).toFixed(1);
  console.log(
    `[${clock}] median per call: none ${us('none')} µs, unsubscribed ${us('unsubscribed')} µs, subscribed ${us('subscribed')} µs`,
  );
  console.log(
    `[${clock}] unsubscribed / none = ${medianRatio(times.unsubscribed!, times.none!).toFixed(3)}x (target ~1.00), subscribed / none = ${medianRatio(times.subscribed!, times.none!).toFixed(3)}x`,
  );
}
child.kill();
