// Cost of our verifiers against bare node:crypto / Web Crypto doing the same work, in the
// same run, interleaved round by round. Prints cost ratios (our time per call / bare time
// per call; lower is better). The sync baseline is the one ../shared/bench-peers uses:
// createHmac(...).digest('hex') and timingSafeEqual over the two hex strings.
// Targets: sync 1 KB <= 1.05, sync 64 KB <= 1.03, async <= 1.10.
// Run: npx tsx bench/webhooks/verify.ts [rounds]
// Time is the process's CPU time (process.cpuUsage), not wall time: on a shared
// machine, wall time mostly measures the other tenants.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { signWebhookPayload, verifyWebhookSignature, verifyWebhookSignatureAsync } from '../../src/webhooks/index.js';
import { cpuNow, median, opsPerSecond } from '../lib/cpu-time.js';

const SECRET = 'whsec_0123456789abcdef0123456789abcdef';
const ROUNDS = Number(process.argv[2] ?? 61);
const encoder = new TextEncoder();

function payloadOf(bytes: number): string {
  const filler = 'x'.repeat(Math.max(0, bytes - 90));
  return JSON.stringify({ id: 'evt_bench', type: 'score.updated', timestamp: '2026-01-01T00:00:00Z', data: { filler } });
}

async function opsPerSecondAsync(fn: () => Promise<unknown>, ms: number): Promise<number> {
  let ops = 0;
  const start = cpuNow();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < 50; i++) await fn();
    ops += 50;
    elapsed = cpuNow() - start;
  }
  return (ops * 1000) / elapsed;
}

function benchSync(size: number): void {
  const payload = payloadOf(size);
  const header = signWebhookPayload(payload, SECRET);
  const bare = () => {
    const mac = Buffer.from(createHmac('sha256', SECRET).update(payload).digest('hex'));
    const sig = Buffer.from(header);
    return sig.length === mac.length && timingSafeEqual(mac, sig);
  };
  const ours = () => verifyWebhookSignature(payload, header, SECRET);
  if (!bare() || !ours()) throw new Error('bench setup: signature does not verify');
  const ratios: number[] = [];
  const oursOps: number[] = [];
  const bareOps: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first, so warm-up and GC drift hit both alike.
    const first = round % 2 === 0;
    const a = first ? opsPerSecond(ours, 50) : 0;
    const b = opsPerSecond(bare, 50);
    const o = first ? a : opsPerSecond(ours, 50);
    oursOps.push(o);
    bareOps.push(b);
    ratios.push(b / o);
  }
  report(`sync  ${size / 1024} KB`, oursOps, bareOps, ratios, size <= 1024 ? 1.05 : 1.03);
}

async function benchAsync(size: number): Promise<void> {
  const payload = payloadOf(size);
  const header = signWebhookPayload(payload, SECRET);
  // The bare baseline imports its CryptoKey once, as a careful hand-written receiver would.
  const key = await crypto.subtle.importKey('raw', encoder.encode(SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const expected = Uint8Array.from(Buffer.from(header, 'hex'));
  const bare = async () => {
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(payload)));
    let diff = 0;
    for (let i = 0; i < 32; i++) diff |= mac[i]! ^ expected[i]!;
    return diff === 0;
  };
  const ours = () => verifyWebhookSignatureAsync(payload, header, SECRET);
  if (!(await bare()) || !(await ours())) throw new Error('bench setup: signature does not verify');
  const ratios: number[] = [];
  const oursOps: number[] = [];
  const bareOps: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const first = round % 2 === 0;
    const a = first ? await opsPerSecondAsync(ours, 50) : 0;
    const b = await opsPerSecondAsync(bare, 50);
    const o = first ? a : await opsPerSecondAsync(ours, 50);
    oursOps.push(o);
    bareOps.push(b);
    ratios.push(b / o);
  }
  report(`async ${size / 1024} KB`, oursOps, bareOps, ratios, 1.1);
}

function report(label: string, ours: number[], bare: number[], ratios: number[], target: number): void {
  const ratio = median(ratios);
  const verdict = ratio <= target ? 'PASS' : 'FAIL';
  console.log(
    `${label.padEnd(12)} ours ${Math.round(median(ours)).toLocaleString('en')} op/s, bare ${Math.round(median(bare)).toLocaleString('en')} op/s, ` +
      `median cost ratio ${ratio.toFixed(3)} (min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)}), target <= ${target}: ${verdict}`,
  );
}

console.log(`Node ${process.versions.node}, ${ROUNDS} interleaved rounds of 50 CPU ms per side`);
benchSync(1024);
benchSync(64 * 1024);
await benchAsync(1024);
await benchAsync(64 * 1024);
