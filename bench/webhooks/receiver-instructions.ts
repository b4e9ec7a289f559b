// Instructions per delivery of the webhook receivers against the hand-written node:http +
// node:crypto receiver of ../shared/bench-peers/receivers.sh (the floor), counted by valgrind's
// cachegrind on the receiver process: unlike time, a count barely moves with the other tenants of
// a shared machine or with the CPU's clock. Each receiver (receiver-process.ts, bundled as the
// package is built) runs under valgrind twice, for `--low` and for `--high` deliveries of the
// 891-byte event (the same id each time: after the first, a verified duplicate), and the
// difference of the two totals over the difference of the counts is its cost per delivery, start-up
// and warm-up left out. About 30 s per 1,000 deliveries under valgrind. Needs valgrind (Debian's
// package `valgrind`).
// Run: npx tsx bench/webhooks/receiver-instructions.ts [--kinds=floor,node,octokit] [--low=2000] [--high=8000]
//      [--baseline=<path to another src/webhooks/index.ts>] (adds its Node handler as "node (baseline)")
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundled, bundledReceivers, headersOf, load, OUT, SECRET, stopLoad } from './lib/receiver-load.js';

const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const KINDS = (option('kinds') ?? 'floor,node,octokit').split(',');
const LOW = Number(option('low') ?? 2_000);
const HIGH = Number(option('high') ?? 8_000);
const BASELINE = option('baseline');
const PEERS_DIR = option('peers') ?? fileURLToPath(new URL('../../.tmp/bench-peers/node_modules', import.meta.url));

const { child: CHILD, entry: ENTRY } = await bundledReceivers();

/** The instructions valgrind counted in one receiver process that answered `deliveries`. */
async function instructions(kind: string, entry: string, deliveries: number, file: string): Promise<number> {
  const child = fork(CHILD, [kind, SECRET, entry], {
    execPath: 'valgrind',
    execArgv: ['--tool=cachegrind', '--cache-sim=no', `--cachegrind-out-file=${file}`, '--log-file=/dev/null', process.execPath],
    env: { ...process.env, PEERS_DIR },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve(message as number));
    child.once('exit', (code) => reject(new Error(`${kind}: receiver exited ${code} (is valgrind installed?)`)));
  });
  await load(port, headersOf(kind), deliveries);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send('stop');
  await exited;
  const summary = /^summary: (\d+)/m.exec(readFileSync(file, 'utf8'));
  if (!summary) throw new Error(`${kind}: no summary line in ${file}`);
  return Number(summary[1]);
}

const receivers = KINDS.map((kind) => ({ name: kind, kind, entry: ENTRY }));
if (BASELINE) receivers.push({ name: 'node (baseline)', kind: 'node', entry: await bundled(BASELINE, 'webhooks-baseline') });

const perDelivery = new Map<string, number>();
for (const { name, kind, entry } of receivers) {
  const file = `${OUT}cachegrind-${name.replace(/\W+/g, '-')}`;
  const low = await instructions(kind, entry, LOW, `${file}-low.out`);
  const high = await instructions(kind, entry, HIGH, `${file}-high.out`);
  perDelivery.set(name, (high - low) / (HIGH - LOW));
}
stopLoad();

const floor = perDelivery.get('floor');
console.log(`node ${process.version}, valgrind cachegrind, (instructions at ${HIGH} - at ${LOW}) / ${HIGH - LOW} deliveries`);
for (const [name, count] of perDelivery) {
  const ratio = floor === undefined ? '' : `  ÷ floor ${(count / floor).toFixed(3)}`;
  console.log(`  ${name.padEnd(16)} ${Math.round(count).toLocaleString('en-US').padStart(9)} instructions/delivery${ratio}`);
}
