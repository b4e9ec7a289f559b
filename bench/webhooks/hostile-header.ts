// What an unauthenticated X-Webhook-Signature header costs the verifiers: hostile headers (a long
// run of spaces or tabs between two other characters, ending in U+00A0, which Node's own header
// trimming leaves in place) against a valid 64-digit one, CPU time per call. A header of any length
// must cost about what a valid one costs: nothing may grow with the square of its length.
// Run: npx tsx bench/webhooks/hostile-header.ts
// Time is the process's CPU time (process.cpuUsage): on a shared machine, wall time mostly
// measures the other tenants.
import { signWebhookPayload, verifyWebhookSignature, verifyWebhookSignatureAsync } from '../../src/webhooks/index.js';
import { cpuNow } from '../lib/cpu-time.js';

const SECRET = 'whsec_0123456789abcdef0123456789abcdef';
const payload = JSON.stringify({ id: 'evt_bench', type: 'score.updated', timestamp: '2026-01-01T00:00:00Z', data: {} });

const HEADERS: [string, string][] = [
  ['valid: 64 hex digits', signWebhookPayload(payload, SECRET)],
  ['16 KB: "x" + 16000 spaces + "x\\u00a0"', `x${' '.repeat(16_000)}x\u00a0`],
  ['16 KB: "x" + 16000 tabs + "x\\u00a0"', `x${'\t'.repeat(16_000)}x\u00a0`],
  ['64 KB: "x" + 65536 spaces + "x\\u00a0"', `x${' '.repeat(65_536)}x\u00a0`],
  ['1 MB: "x" + 1048576 spaces + "x\\u00a0"', `x${' '.repeat(1_048_576)}x\u00a0`],
];

/** CPU milliseconds per call, over at least `ms` CPU milliseconds and at least one call. */
async function perCall(fn: () => unknown, ms = 200): Promise<number> {
  let calls = 0;
  const start = cpuNow();
  let elapsed = 0;
  while (elapsed < ms) {
    await fn();
    calls++;
    elapsed = cpuNow() - start;
  }
  return elapsed / calls;
}

function format(ms: number): string {
  return ms >= 1 ? `${ms.toFixed(1)} ms` : `${(ms * 1000).toFixed(2)} µs`;
}

console.log(`Node ${process.versions.node}; CPU time per call`);
let valid = { sync: 0, async: 0 };
let previousSync = 0;
for (const [label, header] of HEADERS) {
  // A quadratic verifier would take tens of minutes on the 1 MB header: say so instead of waiting.
  if (previousSync > 1_000 && header.length > 100_000) {
    console.log(`${label.padEnd(42)} skipped: the 64 KB header took ${format(previousSync)}; this one would take ~256x that`);
    continue;
  }
  const sync = await perCall(() => verifyWebhookSignature(payload, header, SECRET));
  const async = await perCall(() => verifyWebhookSignatureAsync(payload, header, SECRET));
  if (valid.sync === 0) valid = { sync, async };
  previousSync = sync;
  console.log(
    `${label.padEnd(42)} verifyWebhookSignature ${format(sync).padStart(10)} (${(sync / valid.sync).toFixed(1)}x valid), ` +
      `verifyWebhookSignatureAsync ${format(async).padStart(10)} (${(async / valid.async).toFixed(1)}x valid)`,
  );
}
