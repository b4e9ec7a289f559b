// CPU time per delivery of the webhook receivers against the hand-written node:http + node:crypto
// receiver of ../shared/bench-peers/receivers.sh (the floor), over loopback HTTP with keep-alive:
// the same 891-byte signed delivery, the same event id each time (after the first, a verified
// duplicate, as in receivers.sh). Each receiver runs in its own process (receiver-process.ts);
// this process sends the load (10 connections) and reads the receiver's own CPU time around each
// batch, so the other tenants of a shared machine barely move the figure, unlike requests per
// second. Receivers are measured one at a time, in a fresh order each round; the ratio floor ÷
// receiver (higher is better; 1 = as cheap as the floor) is taken within a round.
// Run: npx tsx bench/webhooks/receiver-cpu.ts [rounds] [--requests=N] [--kinds=floor,node,fetch]
//      (also octokit, stripe, standard: the peers of receivers.sh, from --peers=<node_modules>, by
//      default the one receivers.sh installs in .tmp/bench-peers)
//      [--baseline=<path to another src/webhooks/index.ts>] (adds its Node handler as "node (baseline)")
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median, shuffled } from '../lib/stats.js';
import { body, bundled, bundledReceivers, CONNECTIONS, headersOf, load as send, SECRET, stopLoad } from './lib/receiver-load.js';

const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const ROUNDS = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 7);
const REQUESTS = Number(option('requests') ?? 10_000);
const KINDS = (option('kinds') ?? 'floor,node,fetch').split(',');
const BASELINE = option('baseline');
const { child: CHILD, entry: ENTRY } = await bundledReceivers();
const PEERS_DIR = option('peers') ?? fileURLToPath(new URL('../../.tmp/bench-peers/node_modules', import.meta.url));

interface Receiver {
  readonly name: string;
  readonly child: ChildProcess;
  readonly port: number;
  readonly headers: Record<string, string>;
}

async function start(name: string, kind: string, entry: string): Promise<Receiver> {
  const child = fork(CHILD, [kind, SECRET, entry], { execArgv: [], env: { ...process.env, PEERS_DIR } });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve(message as number));
    child.once('exit', (code) => reject(new Error(`${name}: receiver exited ${code}`)));
  });
  return { name, child, port, headers: headersOf(kind) };
}

const cpuOf = (child: ChildProcess) =>
  new Promise<number>((resolve) => {
    child.once('message', (message) => resolve(message as number));
    child.send('cpu');
  });

async function load({ port, headers }: Receiver, requests: number): Promise<void> {
  await send(port, headers, requests);
}

/** CPU microseconds the receiver spends per delivery over `REQUESTS` deliveries. */
async function measure(receiver: Receiver): Promise<number> {
  await load(receiver, 1_000);
  const before = await cpuOf(receiver.child);
  await load(receiver, REQUESTS);
  return ((await cpuOf(receiver.child)) - before) / REQUESTS;
}

const receivers: Receiver[] = [];
for (const kind of KINDS) receivers.push(await start(kind, kind, ENTRY));
if (BASELINE) receivers.push(await start('node (baseline)', 'node', await bundled(BASELINE, 'webhooks-baseline')));
for (const receiver of receivers) await load(receiver, 3_000); // JIT warm-up

const times = new Map<string, number[]>(receivers.map((r) => [r.name, []]));
const ratios = new Map<string, number[]>(receivers.map((r) => [r.name, []]));
for (let round = 0; round < ROUNDS; round++) {
  const got = new Map<string, number>();
  for (const receiver of shuffled(receivers)) got.set(receiver.name, await measure(receiver));
  for (const receiver of receivers) {
    times.get(receiver.name)!.push(got.get(receiver.name)!);
    if (got.has('floor')) ratios.get(receiver.name)!.push(got.get('floor')! / got.get(receiver.name)!);
  }
}
for (const receiver of receivers) receiver.child.send('stop');
stopLoad();

console.log(
  `node ${process.version}, ${ROUNDS} rounds of ${REQUESTS} deliveries (${Buffer.byteLength(body)} bytes, ${CONNECTIONS} connections); receiver CPU time, medians`,
);
for (const receiver of receivers) {
  const ratio = ratios.get(receiver.name)!;
  console.log(
    `  ${receiver.name.padEnd(16)} ${median(times.get(receiver.name)!).toFixed(1).padStart(6)} µs/delivery` +
      (ratio.length
        ? `  floor ÷ it ${median(ratio).toFixed(2)} (${Math.min(...ratio).toFixed(2)}–${Math.max(...ratio).toFixed(2)})`
        : ''),
  );
}
