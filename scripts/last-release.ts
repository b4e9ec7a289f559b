// Prints the last release as `<commit> <version>` (scripts/lib/release/last-release.ts), or
// nothing with exit 1 when the history has none. `--commit` prints the commit alone, for
// `git diff "$(npx tsx scripts/last-release.ts --commit)" HEAD`.
import { join } from 'node:path';
import { lastRelease } from './lib/release/last-release.js';

const release = lastRelease(join(import.meta.dirname, '..'));
if (!release) process.exit(1);
console.log(process.argv.includes('--commit') ? release.commit : `${release.commit} ${release.version}`);
