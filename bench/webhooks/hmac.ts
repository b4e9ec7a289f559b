// CPU time of the verifiers' HMAC-SHA256 (createHmac with a KeyObject cached per secret) against
// createHmac handed the secret as it is, per call, on bodies of 1 KB and 64 KB and for a string and
// a 32-byte secret, in the same run, interleaved round by round. Prints µs per call and the ratio
// cached ÷ as-given (lower is better): whether the KeyObject cache earns its place.
// Run: npx tsx bench/webhooks/hmac.ts [rounds]
import { hmacHex } from '../../src/webhooks/verification/verify-node.js';
import { median, opsPerSecond } from '../lib/cpu-time.js';

const ROUNDS = Number(process.argv[2] ?? 31);
const node = process.getBuiltinModule('node:crypto');
const secrets = { string: `whsec_${'c'.repeat(32)}`, bytes: node.randomBytes(32) };

for (const [kind, secret] of Object.entries(secrets)) {
  for (const size of [1024, 64 * 1024]) {
    const body = new Uint8Array(size).fill(0x78);
    const asGiven = () => node.createHmac('sha256', secret).update(body).digest('hex');
    const cached = () => hmacHex(node, body, secret);
    if (cached() !== asGiven()) throw new Error('the two MACs differ');
    const plain: number[] = [];
    const keyed: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which goes first, so warm-up and GC drift hit both alike.
      const runs = [() => plain.push(1e6 / opsPerSecond(asGiven, 40)), () => keyed.push(1e6 / opsPerSecond(cached, 40))];
      for (const run of round % 2 ? runs.reverse() : runs) run();
    }
    const ratios = keyed.map((value, i) => value / plain[i]!);
    console.log(
      `${kind} secret, ${size / 1024} KB: as given ${median(plain).toFixed(2)} µs, cached KeyObject ${median(keyed).toFixed(2)} µs, ` +
        `cached ÷ as given ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
    );
  }
}
