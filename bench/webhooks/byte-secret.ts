// What a byte secret costs verifyWebhookSignature against a string secret, 1 KB body, in one
// process, round by round interleaved, medians of CPU time per call. On Node 24 node:crypto
// checks a byte key handed to createHmac for key-object slots on every call (about 4.5x a
// whole verify); Node 20 did not. The verifier caches a KeyObject per byte secret up to 64
// bytes, keyed by content; this bench shows what is left, and what building the content id costs.
// Run on Node 24: npx tsx bench/webhooks/byte-secret.ts [rounds] [--baseline=<path to an older
// src/webhooks/index.ts>]   On Node 20 (plain node): ./node_modules/.bin/tsx bench/webhooks/byte-secret.ts
// With --baseline, the older verifier is measured in the same rounds (before/after in one run).
import { randomBytes } from 'node:crypto';
import { signWebhookPayload, verifyWebhookSignature } from '../../src/webhooks/index.js';
import { median, opsPerSecond } from '../lib/cpu-time.js';

type Verify = typeof verifyWebhookSignature;
const ROUNDS = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 15);
const baselinePath = process.argv.find((arg) => arg.startsWith('--baseline='))?.slice('--baseline='.length);
const baseline: Verify | undefined = baselinePath
  ? ((await import(baselinePath)) as { verifyWebhookSignature: Verify }).verifyWebhookSignature
  : undefined;

const payload = JSON.stringify({ id: 'evt_bench', data: { filler: 'x'.repeat(1024 - 40) } });
const text = 'whsec_0123456789abcdef0123456789abcdef';
const buffer = Buffer.from(text);
const secrets: Record<string, string | Uint8Array | ArrayBuffer> = {
  string: text,
  Buffer: buffer,
  Uint8Array: new Uint8Array(buffer),
  ArrayBuffer: new Uint8Array(buffer).buffer,
  'Buffer 32 random': randomBytes(32),
  'Buffer 1 MB (not cached)': randomBytes(1 << 20),
};

/** CPU nanoseconds per call of `fn`, over about `ms` CPU milliseconds. */
const nsPerCall = (fn: () => unknown, ms: number) => 1e9 / opsPerSecond(fn, ms, 100);

const cases: [string, () => unknown][] = [];
for (const [name, secret] of Object.entries(secrets)) {
  const header = signWebhookPayload(payload, secret);
  for (const [label, verify] of [
    ['after', verifyWebhookSignature],
    ['before', baseline],
  ] as const) {
    if (!verify) continue;
    if (!verify(payload, header, secret)) throw new Error(`bench setup: ${name} does not verify`);
    cases.push([`${baseline ? `${label} ` : ''}${name}`, () => verify(payload, header, secret)]);
  }
}

const times = new Map<string, number[]>(cases.map(([name]) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  // Alternate the order, so warm-up and GC drift hit every case alike.
  const order = round % 2 ? cases : [...cases].reverse();
  for (const [name, fn] of order) times.get(name)!.push(nsPerCall(fn, 20));
}
const stringNs = median(times.get(baseline ? 'after string' : 'string')!);
console.log(`node ${process.version}, 1 KB body, ${ROUNDS} rounds, medians (CPU time)`);
for (const [name, values] of times) {
  const ns = median(values);
  console.log(`  ${name.padEnd(34)} ${(ns / 1000).toFixed(2).padStart(7)} µs  ${(ns / stringNs).toFixed(2)}x string secret`);
}

// The id a byte secret is cached under: one char per byte.
console.log('content id + Map lookup, by secret size:');
for (const size of [32, 64, 256, 1024]) {
  const bytes = new Uint8Array(randomBytes(size));
  const id = () => String.fromCharCode.apply(null, bytes as unknown as number[]);
  const map = new Map([[id(), 1]]);
  console.log(
    `  ${String(size).padStart(5)} B  ${nsPerCall(() => map.get(id()), 50)
      .toFixed(0)
      .padStart(6)} ns`,
  );
}
