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
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { median, shuffled } from '../lib/stats.js';

const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const ROUNDS = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 7);
const REQUESTS = Number(option('requests') ?? 10_000);
const KINDS = (option('kinds') ?? 'floor,node,fetch').split(',');
const BASELINE = option('baseline');
const CONNECTIONS = 10;
const SECRET = `whsec_${'c'.repeat(32)}`;
const OUT = fileURLToPath(new URL('../../.tmp/bench-webhooks/', import.meta.url));

// Bundled with esbuild as tsup builds the package, and run without tsx, whose keepNames wraps
// every closure the receivers create per delivery in a call that the published build lacks.
async function bundled(entry: string, name: string): Promise<string> {
  const outfile = `${OUT}${name}.mjs`;
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    packages: 'external',
    logLevel: 'silent',
  });
  return outfile;
}
const CHILD = await bundled(fileURLToPath(new URL('./receiver-process.ts', import.meta.url)), 'receiver-process');
const ENTRY = await bundled(fileURLToPath(new URL('../../src/webhooks/index.ts', import.meta.url)), 'webhooks');

const body = JSON.stringify({
  id: 'evt_bench_receiver_1',
  type: 'deposit.created',
  timestamp: new Date().toISOString(),
  data: { depositId: 'dep_1', token: 'USDC', amount: '10.00', transactionHash: `0x${'ab'.repeat(32)}`, memo: 'x'.repeat(640) },
});
const hex = createHmac('sha256', SECRET).update(body).digest('hex');
const t = Math.floor(Date.now() / 1000);
const common = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
// Each peer's own signature header, as receivers.mjs sends them.
const HEADERS: Record<string, Record<string, string>> = {
  octokit: { ...common, 'x-hub-signature-256': `sha256=${hex}` },
  stripe: { ...common, 'stripe-signature': `t=${t},v1=${createHmac('sha256', SECRET).update(`${t}.${body}`).digest('hex')}` },
  standard: {
    ...common,
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(t),
    'webhook-signature': `v1,${createHmac('sha256', Buffer.from('c'.repeat(32)))
      .update(`msg_1.${t}.${body}`)
      .digest('base64')}`,
  },
};
const headersOf = (kind: string) => HEADERS[kind] ?? { ...common, 'x-webhook-signature': hex };
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

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

function post(port: number, headers: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/hooks', method: 'POST', headers, agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function load({ port, headers }: Receiver, requests: number): Promise<void> {
  let left = requests;
  const lane = async () => {
    while (left-- > 0) await post(port, headers);
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, lane));
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
agent.destroy();

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
