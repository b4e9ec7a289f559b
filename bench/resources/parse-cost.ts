// What response validation costs per page of 100 transactions, interpreted against compiled
// (z.compile, zod 4.6), relative to the JSON.parse every client pays anyway. This is the
// measurement behind compiling item schemas in the operation runner.
// Run: npx tsx bench/resources/parse-cost.ts
import * as z from 'zod/mini';
import { OPERATIONS } from '../../src/resources/operations.js';

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
  memo: `transfer ${i}`,
}));
const text = JSON.stringify({ success: true, data: { items, nextCursor: 'c100' }, message: null });

const transactionSchema = OPERATIONS['transactions.list'].response;
const interpreted = z.array(transactionSchema);
const compiled = z.compile(z.array(transactionSchema));

function perPage(fn: () => unknown, ms = 1500): number {
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    for (let i = 0; i < 100; i++) fn();
    n += 100;
  }
  return ((performance.now() - start) * 1000) / n;
}

const rows: [string, () => unknown][] = [
  ['JSON.parse of the page', () => JSON.parse(text)],
  ['interpreted safeParse', () => z.safeParse(interpreted, items)],
  ['compiled safeParse', () => z.safeParse(compiled, items)],
];
for (let round = 0; round < 2; round++) {
  for (const [name, fn] of rows)
    console.log(`${round ? '' : '(warm-up) '}${name.padEnd(24)} ${perPage(fn).toFixed(1)} µs per page of 100`);
}
