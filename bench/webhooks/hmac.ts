// CPU time of the two HMAC-SHA256 constructions of the verifiers, per call, on bodies of 1 KB and
// 64 KB, in the same run, interleaved round by round: createHmac with a cached KeyObject (what
// verifyWebhookSignature uses) and the two one-shot hashes of constructWebhookEvent and the Node
// receiver (one-shot-hmac.ts). Prints µs per call and the ratio one-shot ÷ keyed (lower is better).
// Run: npx tsx bench/webhooks/hmac.ts [rounds]
import { oneShotHmacHex } from '../../src/webhooks/verification/one-shot-hmac.js';
import { keyedHmacHex } from '../../src/webhooks/verification/verify-node.js';
import { median, opsPerSecond } from '../lib/cpu-time.js';

const ROUNDS = Number(process.argv[2] ?? 31);
const SECRET = `whsec_${'c'.repeat(32)}`;
const node = process.getBuiltinModule('node:crypto');

for (const size of [1024, 64 * 1024]) {
  const body = new Uint8Array(size).fill(0x78);
  if (oneShotHmacHex(node, body, SECRET) !== keyedHmacHex(node, body, SECRET)) throw new Error('the two MACs differ');
  const keyed: number[] = [];
  const oneShot: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first, so warm-up and GC drift hit both alike.
    const runs = [
      () => keyed.push(1e6 / opsPerSecond(() => keyedHmacHex(node, body, SECRET), 40)),
      () => oneShot.push(1e6 / opsPerSecond(() => oneShotHmacHex(node, body, SECRET), 40)),
    ];
    for (const run of round % 2 ? runs.reverse() : runs) run();
  }
  const ratios = oneShot.map((value, i) => value / keyed[i]!);
  console.log(
    `${size / 1024} KB: keyed ${median(keyed).toFixed(2)} µs, one-shot ${median(oneShot).toFixed(2)} µs, ` +
      `one-shot ÷ keyed ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
  );
}
