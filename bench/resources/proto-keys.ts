// What dropping own `__proto__`/`constructor` keys (src/utils/proto-keys.ts) costs a page of 100
// transactions, relative to the JSON.parse it follows: a page with none of the names (what the
// service sends; only the guard searches run), one with `\u00e9`-style escapes (a backslash: the
// exact search runs too), and one that holds `"__proto__"` (the whole page is walked).
// CPU time, rounds interleaved; prints the medians and the guard's share of the parse.
// Run: npx tsx bench/resources/proto-keys.ts [rounds]
import { cpuNow, median } from '../lib/cpu-time.js';
import { withoutProtoKeys } from '../../src/utils/proto-keys.js';
import { generatedTransactions } from '../../src/testing/store/generated-transactions.js';

const ROUNDS = Number(process.argv[2] ?? 15);

// The fake's own transactions, each with a memo that has a non-ASCII letter to escape.
const generated = generatedTransactions(1, 1, 100);
const items = Array.from({ length: generated.count }, (_, i) => ({ ...generated.at(i), memo: `transfer ${i} to Zoë` }));
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
  // The search (and walk) alone, on a value parsed once, against the JSON.parse it follows.
  const parsed = JSON.parse(text);
  const parses: number[] = [];
  const guards: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    parses.push(cpuPerCall(() => JSON.parse(text), CALLS));
    guards.push(cpuPerCall(() => withoutProtoKeys(parsed, text), CALLS * 10));
  }
  const share = (median(guards) / median(parses)) * 100;
  console.log(
    `  ${name.padEnd(24)} JSON.parse ${median(parses).toFixed(1)} µs; withoutProtoKeys ${median(guards).toFixed(2)} µs (${share.toFixed(1)}%)`,
  );
}
