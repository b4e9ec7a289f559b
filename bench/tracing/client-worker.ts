// One client of bench/tracing, in a process of its own. With TRACING_BENCH_CHANNEL=none it hides
// node:diagnostics_channel before the SDK loads, as a runtime without it does: the SDK then has
// no channel at all (the baseline). Each message { calls, subscribe } runs that many
// `accounts.me()` calls, with a no-op subscriber on the channel when `subscribe` is true, and
// answers with the wall and CPU milliseconds they took in this process.
import diagnostics_channel from 'node:diagnostics_channel';
import { cpuMs } from '../lib/stats.js';

if (process.env.TRACING_BENCH_CHANNEL === 'none') {
  const builtin = process.getBuiltinModule.bind(process);
  process.getBuiltinModule = ((id: string) =>
    id === 'node:diagnostics_channel' ? undefined : builtin(id)) as typeof process.getBuiltinModule;
}
const { CreditPlatform, TRACING_CHANNEL } = await import('../../src/index.js');
const { requestTracing } = await import('../../src/core/observability/tracing.js');
if ((requestTracing === undefined) !== (process.env.TRACING_BENCH_CHANNEL === 'none')) {
  throw new Error(
    `the SDK's channel is ${requestTracing ? 'present' : 'absent'} in the ${process.env.TRACING_BENCH_CHANNEL} worker`,
  );
}

const client = new CreditPlatform({
  apiKey: 'bench-key-0000',
  baseUrl: `http://127.0.0.1:${process.env.TRACING_BENCH_PORT}/api/v1/`,
  logLevel: 'off',
});
const noop = () => undefined;
const handlers = { start: noop, end: noop, asyncStart: noop, asyncEnd: noop, error: noop };
const traced = diagnostics_channel.tracingChannel(TRACING_CHANNEL);

process.on('message', async ({ calls, subscribe }: { calls: number; subscribe: boolean }) => {
  if (subscribe) traced.subscribe(handlers);
  const wall = performance.now();
  const cpu = cpuMs();
  for (let i = 0; i < calls; i++) {
    const me = await client.accounts.me();
    if (!me.id) throw new Error('no data');
  }
  const times = { wallMs: performance.now() - wall, cpuMs: cpuMs() - cpu };
  if (subscribe) traced.unsubscribe(handlers);
  process.send?.(times);
});
process.send?.('ready');
