// bench/otel: what credit-platform/otel costs per call. Four variants of 1,000 `accounts.me()`
// calls against a loopback server, interleaved in one run:
//   bare          the client, not instrumented (the baseline)
//   subscriber    a subscriber to the channel that does nothing: the SDK's own tracing work,
//                 the floor of anything that subscribes
//   no-provider   instrumentCreditPlatform() with no tracer provider registered: it subscribes,
//                 as OpenTelemetry instrumentations do, asks the tracer for each call's span and
//                 does no more (the cost of an instrumentation left on without a provider)
//   provider      instrumented with a BasicTracerProvider that records the spans (a call span
//                 and an attempt span per call) and exports none
// Ratios are medians of per-round ratios, in CPU time of this process and in wall time.
// Run: npx tsx bench/otel/no-provider.ts [rounds] [callsPerRound]
import { fork } from 'node:child_process';
import diagnostics_channel from 'node:diagnostics_channel';
import { cpus } from 'node:os';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { CreditPlatform, TRACING_CHANNEL } from '../../src/index.js';
import { instrumentCreditPlatform } from '../../src/otel/index.js';
import { interleave, median, medianRatio } from '../lib/stats.js';

const rounds = Number(process.argv[2] ?? 21);
const calls = Number(process.argv[3] ?? 1_000);

const child = fork(new URL('../overhead/server.ts', import.meta.url).pathname, { execArgv: ['--import', 'tsx'] });
const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(Number(m))));
const client = new CreditPlatform({ apiKey: 'bench-key-0000', baseUrl: `http://127.0.0.1:${port}/api/v1/`, logLevel: 'off' });
const provider = new BasicTracerProvider();

async function run(): Promise<void> {
  for (let i = 0; i < calls; i++) {
    const me = await client.accounts.me();
    if (!me.id) throw new Error('no data');
  }
}

const channel = diagnostics_channel.tracingChannel(TRACING_CHANNEL);
const nothing = { start() {}, end() {}, asyncStart() {}, asyncEnd() {}, error() {} };

const variants = {
  async bare() {
    await run();
  },
  async subscriber() {
    channel.subscribe(nothing);
    await run();
    channel.unsubscribe(nothing);
  },
  async 'no-provider'() {
    const instrumentation = instrumentCreditPlatform();
    await run();
    instrumentation.disable();
  },
  async provider() {
    const instrumentation = instrumentCreditPlatform({ tracerProvider: provider });
    await run();
    instrumentation.disable();
  },
};

await interleave(variants, 2); // warm-up
console.log(`rounds=${rounds} callsPerRound=${calls} node=${process.version} cpu=${cpus()[0]?.model ?? 'unknown'}`);
for (const clock of ['wall', 'cpu'] as const) {
  const times = await interleave(variants, rounds, clock);
  const us = (name: keyof typeof variants) => ((median(times[name]!) / calls) * 1000).toFixed(1);
  console.log(
    `[${clock}] median per call: bare ${us('bare')} µs, subscriber ${us('subscriber')} µs, no-provider ${us('no-provider')} µs, provider ${us('provider')} µs`,
  );
  const ratio = (name: keyof typeof variants) => `${name} / bare = ${medianRatio(times[name]!, times.bare!).toFixed(3)}x`;
  console.log(`[${clock}] ${ratio('subscriber')}, ${ratio('no-provider')}, ${ratio('provider')}`);
}
child.kill();
