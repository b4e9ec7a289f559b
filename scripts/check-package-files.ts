// Reads a package's file list on stdin (one path a line, relative to the package root, as
// `tar -tzf` without `package/` or `npm publish --dry-run --json`'s paths) and fails with the
// differences unless it is exactly the expected list (scripts/lib/package-files.ts).
//   tar -tzf pkg.tgz | sed 's#^package/##' | tsx scripts/check-package-files.ts <label>
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectedPackageFiles, packageFileProblems } from './lib/package-files.js';

const label = process.argv[2] ?? 'package';
const actual = readFileSync(0, 'utf8').split('\n').filter(Boolean).sort();
const expected = expectedPackageFiles(join(import.meta.dirname, '..'));
const problems = packageFileProblems(actual, expected);
if (problems.length > 0) {
  console.error(`${label}: the file list differs from scripts/lib/package-files.ts:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`${label}: exactly the ${expected.length} expected files`);
