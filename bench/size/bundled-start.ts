// What linking ky in a bundle costs a Node program at start (package.json "imports", `#load-ky`):
// one small program bundled twice by esbuild for Node from the built package, with the bundlers'
// `module` condition (ky linked, eager-ky.js) and without it (ky on the first request,
// load-ky.js), each run as a fresh process, interleaved, against the fake over loopback:
//   - import only: what a program that never sends a request pays;
//   - import and one `accounts.me()`: what a program that does pays, to its first answer.
// Prints the median, 10th and 90th percentile wall time per variant, and an empty program's.
// Run after `npm run build`: npx tsx bench/size/bundled-start.ts [rounds]
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { startFakeServer } from '../../src/testing/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const rounds = Number(process.argv[2] ?? 41);
const PROGRAMS = {
  'import only': "import { CreditPlatform } from 'credit-platform'; if (typeof CreditPlatform !== 'function') throw 1;",
  'import and one call':
    "import { CreditPlatform } from 'credit-platform'; await new CreditPlatform({ apiKey: process.env.KEY, baseUrl: process.env.URL }).accounts.me();",
};
// esbuild's default conditions include `module`; naming any replaces them, leaving it out.
const LOADERS = { 'ky linked (module)': undefined, 'ky on first request': ['node'] };

const dir = mkdtempSync(join(tmpdir(), 'cp-bundled-start-'));
const files: Record<string, string> = { 'empty program': join(dir, 'empty.mjs') };
writeFileSync(files['empty program']!, '');
for (const [program, contents] of Object.entries(PROGRAMS)) {
  for (const [loader, conditions] of Object.entries(LOADERS)) {
    const outfile = join(dir, `${Object.keys(files).length}.mjs`);
    await build({
      stdin: { contents, resolveDir: ROOT, loader: 'ts' },
      bundle: true,
      minify: true,
      platform: 'node',
      format: 'esm',
      outfile,
      logLevel: 'silent',
      tsconfigRaw: {},
      ...(conditions === undefined ? {} : { conditions }),
    });
    files[`${program}, ${loader}`] = outfile;
  }
}

const server = await startFakeServer();
const env = { ...process.env, KEY: server.apiKey, URL: server.baseUrl };
function run(file: string): Promise<number> {
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [file], { env }, (error) =>
      error ? reject(error) : resolve(Number(process.hrtime.bigint() - start) / 1e6),
    );
  });
}
const times = new Map(Object.keys(files).map((name) => [name, [] as number[]]));
try {
  for (let round = 0; round < rounds; round++) {
    for (const [name, file] of Object.entries(files)) times.get(name)!.push(await run(file));
  }
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
const at = (sorted: number[], q: number) => sorted[Math.floor(q * (sorted.length - 1))]!.toFixed(1);
console.log(`node ${process.version}, ${rounds} rounds, wall ms: median (p10, p90)`);
for (const [name, list] of times) {
  list.sort((a, b) => a - b);
  console.log(`${name.padEnd(44)} ${at(list, 0.5)} (${at(list, 0.1)}, ${at(list, 0.9)})`);
}
