// bench/tracing: what the `credit-platform:request` TracingChannel costs on the hot path.
// Three variants of `accounts.me()` against a loopback server, interleaved in one run:
//   none          the SDK on a runtime without node:diagnostics_channel: no channel at all (the baseline)
//   unsubscribed  the channel present, nobody subscribed (what every user pays)
//   subscribed    a no-op subscriber on all five events (what tracing costs when it is on)
// The baseline needs the SDK loaded without the channel, so each client runs in a process of its
// own (client-worker.ts) and reports its own wall and CPU time; the server runs in a third. Each
// round starts a fresh pair of clients (warmed up with one unmeasured batch), so that what sets
// one process apart from another (where it runs, how it was compiled) varies from round to round
// instead of favouring one variant for the whole run.
// Target: unsubscribed / none within noise (about 1.00x). Ratios are medians of per-round ratios.
// Run: npx tsx bench/tracing/unsubscribed.ts [rounds] [callsPerRound]
import { type ChildProcess, fork } from 'node:child_process';
import { median, medianRatio, shuffled } from '../lib/stats.js';

const rounds = Number(process.argv[2] ?? 41);
const calls = Number(process.argv[3] ?? 250);

const server = fork(new URL('../overhead/server.ts', import.meta.url).pathname, { execArgv: ['--import', 'tsx'] });
const port = await new Promise<number>((resolve) => server.once('message', (m) => resolve(Number(m))));

async function worker(channel: 'none' | 'present'): Promise<ChildProcess> {
  const child = fork(new URL('./client-worker.ts', import.meta.url).pathname, {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, TRACING_BENCH_CHANNEL: channel, TRACING_BENCH_PORT: String(port) },
  });
  await new Promise((resolve) => child.once('message', resolve));
  return child;
}

interface Times {
  wallMs: number;
  cpuMs: number;
}

function run(child: ChildProcess, subscribe: boolean): Promise<Times> {
  return new Promise((resolve) => {
    child.once('message', (times) => resolve(times as Times));
    child.send({ calls, subscribe });
  });
}

type Variant = 'none' | 'unsubscribed' | 'subscribed';
const names: Variant[] = ['none', 'unsubscribed', 'subscribed'];

async function interleaved(count: number): Promise<Record<Variant, Times[]>> {
  const times: Record<Variant, Times[]> = { none: [], unsubscribed: [], subscribed: [] };
  for (let round = 0; round < count; round++) {
    const [withoutChannel, withChannel] = await Promise.all([worker('none'), worker('present')]);
    await run(withoutChannel, false);
    await run(withChannel, true);
    const variants = {
      none: () => run(withoutChannel, false),
      unsubscribed: () => run(withChannel, false),
      subscribed: () => run(withChannel, true),
    };
    for (const name of shuffled(names)) times[name].push(await variants[name]());
    withoutChannel.kill();
    withChannel.kill();
  }
  return times;
}

console.log(`rounds=${rounds} callsPerRound=${calls} node=${process.version}`);
const times = await interleaved(rounds);
for (const clock of ['wallMs', 'cpuMs'] as const) {
  const of = (name: Variant) => times[name].map((t) => t[clock]);
  const us = (name: Variant) => ((median(of(name)) / calls) * 1000).toFixed(1);
  const label = clock === 'wallMs' ? 'wall' : 'cpu';
  console.log(
    `[${label}] median per call: none ${us('none')} µs, unsubscribed ${us('unsubscribed')} µs, subscribed ${us('subscribed')} µs`,
  );
  console.log(
    `[${label}] unsubscribed / none = ${medianRatio(of('unsubscribed'), of('none')).toFixed(3)}x (target ~1.00), subscribed / none = ${medianRatio(of('subscribed'), of('none')).toFixed(3)}x`,
  );
}
server.kill();
