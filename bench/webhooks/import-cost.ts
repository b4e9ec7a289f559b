// Cold import cost of the built entries, each sample in a fresh `node` process: the time
// `await import(entry)` takes once the ESM loader is warm (a tiny module is imported first, so
// what is left is the entry's own loading, parsing and top-level work). Entries are interleaved
// round by round. Target: credit-platform/webhooks under 5 ms; the root entry below ky's own cost. Needs `npm run build` first.
// Run: npx tsx bench/webhooks/import-cost.ts [samples]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from '../lib/stats.js';

const SAMPLES = Number(process.argv[2] ?? 15);
const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const warm = join(mkdtempSync(join(tmpdir(), 'import-cost-')), 'warm.mjs');
writeFileSync(warm, 'export const warm = true;\n');

const entries: Record<string, string> = {
  'credit-platform/webhooks': pathToFileURL(join(dist, 'webhooks.js')).href,
  'credit-platform': pathToFileURL(join(dist, 'index.js')).href,
  // For scale: what the root entry used to load at import (ky now loads on the first request,
  // zod is bundled without its locales).
  'ky (reference)': pathToFileURL(join(dist, '..', 'node_modules', 'ky', 'distribution', 'index.js')).href,
};

function sample(url: string): number {
  const code = `await import(${JSON.stringify(pathToFileURL(warm).href)}); const t = performance.now(); await import(${JSON.stringify(url)}); console.log(performance.now() - t);`;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' }).trim());
}

const times: Record<string, number[]> = Object.fromEntries(Object.keys(entries).map((name) => [name, []]));
for (const url of Object.values(entries)) sample(url); // warm the file-system cache
for (let round = 0; round < SAMPLES; round++) {
  const names = Object.keys(entries);
  for (const name of round % 2 ? names.reverse() : names) times[name]!.push(sample(entries[name]!));
}
console.log(`cold import, ${SAMPLES} fresh processes per entry (node ${process.version}), ms after a warm loader:`);
for (const [name, ms] of Object.entries(times)) {
  const sorted = [...ms].sort((a, b) => a - b);
  console.log(
    `  ${name.padEnd(26)} median ${median(ms).toFixed(2)} ms (min ${sorted[0]!.toFixed(2)}, max ${sorted.at(-1)!.toFixed(2)})`,
  );
}
const webhooks = median(times['credit-platform/webhooks']!);
console.log(`  ${webhooks < 5 ? 'PASS' : 'FAIL'} credit-platform/webhooks: ${webhooks.toFixed(2)} ms (target < 5 ms)`);
