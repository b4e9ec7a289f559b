// The layout rules dependency-cruiser cannot state (run by `npm run lint`): no folder of src/
// holds more than 12 files of its own, so each stays small enough to hold in your head; and no
// two files in src/ share a name (besides index.ts and types.ts), so a name in a stack trace,
// an import or a review says which file it is.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = 'src';
const MAX_FILES = 12;
const SHARED_NAMES = new Set(['index.ts', 'types.ts']);

const problems: string[] = [];
const byName = new Map<string, string[]>();

function walk(dir: string): void {
  const entries = readdirSync(dir, { withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile());
  if (files.length > MAX_FILES) {
    problems.push(`${dir} holds ${files.length} files of its own (at most ${MAX_FILES}): split it by stage or part.`);
  }
  for (const file of files) {
    if (SHARED_NAMES.has(file.name)) continue;
    const seen = byName.get(file.name) ?? [];
    seen.push(relative('.', join(dir, file.name)));
    byName.set(file.name, seen);
  }
  for (const entry of entries) if (entry.isDirectory()) walk(join(dir, entry.name));
}

walk(ROOT);
for (const [name, paths] of byName) {
  if (paths.length > 1)
    problems.push(`${paths.length} files are named ${name}: ${paths.join(', ')}. Name each for what it holds.`);
}
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
console.log(`layout: every folder of ${ROOT}/ holds at most ${MAX_FILES} files of its own; no two files share a name.`);
