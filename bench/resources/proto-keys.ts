// What dropping own `__proto__`/`constructor` keys (src/core/proto-keys.ts) costs a page of 100
// transactions, relative to the JSON.parse it follows: a page with none of the names (what the
// service sends; only the guard searches run), one with `\u00e9`-style escapes (a backslash: the
// exact search runs too), and one that holds `"__proto__"` (the whole page is walked).
// CPU time, rounds interleaved; prints the median of each round's ratio.
// Run: npx tsx bench/resources/proto-keys.ts [rounds]
import { cpuNow, median } from '../lib/cpu-time.js';
import { withoutProtoKeys } from '../../src/core/proto-keys.js';

const ROUNDS = Number(process.argv[2] ?? 15);

const items = Array.from({ length: 100 }, (_, i) => ({
  id: `tx_${i}`,
  type: 'deposit',
  token: 'USDC',
  chain: 'Base',
  amount: `${i + 1}.00`,
  status: 'confirmed',
  transactionHash: `0x${'ab'.repeat(32)}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  fee: '0.10',
  memo: `transfer ${i} to Zoë`,
}));
const plain = JSON.stringify({ success: true, data: { items, nextCursor: 'c100' }, message: null });
const texts = {
  'no name, no backslash': plain,
  'escapes (\\u00eb)': plain.replaceAll('ë', '\\u00eb'),
  'holds "__proto__"': plain.replace('"memo"', '"__proto__":{},"memo"'),
};

function cpuPerCall(fn: () => unknown, calls: number): number {
  const start = cpuNow();
  for (let i = 0; i < calls; i++) fn();
  return ((cpuNow() - start) * 1000) / calls;
}

const CALLS = 2_000;
console.log(`page of 100 transactions (${(plain.length / 1024).toFixed(1)} KiB), ${ROUNDS} rounds (node ${process.version})`);
for (const [name, text] of Object.entries(texts)) {
  const ratios: number[] = [];
  const parses: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const parse = cpuPerCall(() => JSON.parse(text), CALLS);
    const guarded = cpuPerCall(() => withoutProtoKeys(JSON.parse(text), text), CALLS);
    parses.push(parse);
    ratios.push(guarded / parse);
  }
  console.log(
    `  ${name.padEnd(24)} JSON.parse ${median(parses).toFixed(1)} µs; with withoutProtoKeys ${median(ratios).toFixed(3)}x`,
  );
}
