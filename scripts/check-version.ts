// CI: a build that is not a release commit says so (RELEASING.md, "Versions"). Fails when
// package.json holds a release version on a commit that is not that release.
import { join } from 'node:path';
import { versionProblem } from './lib/release/last-release.js';

const problem = versionProblem(join(import.meta.dirname, '..'));
if (problem) {
  console.log(`FAIL version: ${problem}`);
  process.exit(1);
}
console.log('PASS version: package.json is a pre-release, or this is its release commit');
