// `npm run release -- <version>`: cuts a release on this machine and tags it; the release
// workflow publishes the tag (RELEASING.md). It never publishes and never pushes.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { RELEASE_CHECKS, ReleaseRefused, release } from './lib/release/release.js';

const args = process.argv.slice(2);
const version = args[0];
if (args.length !== 1 || !version || version.startsWith('-')) {
  console.error('usage: npm run release -- <version>     (e.g. npm run release -- 0.4.0; see RELEASING.md)');
  process.exit(2);
}

try {
  release({
    root: join(import.meta.dirname, '..'),
    version,
    date: new Date().toISOString().slice(0, 10),
    checks: RELEASE_CHECKS,
    run: (command, commandArgs) => spawnSync(command, commandArgs, { stdio: 'inherit' }).status ?? 1,
    log: (line) => console.log(line),
  });
} catch (error) {
  if (!(error instanceof ReleaseRefused)) throw error;
  console.error(`release ${version} refused: ${error.message}`);
  process.exit(1);
}
