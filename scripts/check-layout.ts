// The layout rules dependency-cruiser cannot state (run by `npm run lint`):
//
// src/: no folder holds more than 12 files of its own, so each stays small enough to hold in your
// head; and no two files share a name (besides index.ts and types.ts), so a name in a stack trace,
// an import or a review says which file it is.
//
// test/: it mirrors src/, so the test of src/core/transport/middleware.ts is found at
// test/core/transport/middleware.test.ts: every folder of test/ is a folder of src/ at the same
// path, or a suite named for what it is (CROSS_CUTTING: it exercises many modules at once) or the
// helpers' and the setup's. Helpers live in test/helpers/ or test/setup/ only. And no two files of
// test/ share a name, tests and helpers alike, so `vitest run retry-policy` or a failure line
// names one file.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = 'src';
const TESTS = 'test';
const MAX_FILES = 12;
const SHARED_NAMES = new Set(['index.ts', 'types.ts']);
/** Top folders of test/ that are not a folder of src/: suites across modules, helpers, setup. */
const CROSS_CUTTING = new Set([
  'bench', // the bench scripts' own logic (bench/)
  'fault-matrix', // method × fault over loopback, and connection faults
  'guide', // the guides and examples, run as written
  'helpers',
  'integration', // the client against the fake over loopback
  'leaks', // secrets never leak, in any spelling
  'packaging', // what the published package holds and loads
  'release', // the release command and its CHANGELOG folding (scripts/release.ts)
  'setup',
  'toolchain', // the Node the suite runs on
  'types', // compile-time behaviour (tsc diagnostics)
]);
/** Where a test/ file that is not a test may live. */
const HELPER_FOLDERS = ['helpers', 'setup', 'types'];

const problems: string[] = [];

/** Every file under `dir`, relative to the repository root. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile());
}

/** Files that share a name, as problem lines. */
function sharedNames(files: string[], what: string): void {
  const byName = new Map<string, string[]>();
  for (const file of files) {
    const name = file.split('/').pop() as string;
    byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  for (const [name, paths] of byName) {
    if (paths.length > 1)
      problems.push(`${paths.length} ${what} are named ${name}: ${paths.join(', ')}. Name each for what it holds.`);
  }
}

function walk(dir: string): void {
  const entries = readdirSync(dir, { withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile());
  if (files.length > MAX_FILES) {
    problems.push(`${dir} holds ${files.length} files of its own (at most ${MAX_FILES}): split it by stage or part.`);
  }
  for (const entry of entries) if (entry.isDirectory()) walk(join(dir, entry.name));
}

walk(ROOT);
sharedNames(
  filesUnder(ROOT).filter((f) => !SHARED_NAMES.has(f.split('/').pop() as string)),
  `files in ${ROOT}/`,
);

const testFiles = filesUnder(TESTS).filter((f) => f.endsWith('.ts'));
sharedNames(testFiles, `files in ${TESTS}/`);
const testFolders = readdirSync(TESTS, { recursive: true, encoding: 'utf8' })
  .map((f) => join(TESTS, f))
  .filter((f) => statSync(f).isDirectory());
for (const folder of testFolders) {
  const inside = relative(TESTS, folder);
  const top = inside.split('/')[0] as string;
  if (CROSS_CUTTING.has(top)) continue;
  if (!existsSync(join(ROOT, inside)))
    problems.push(
      `${folder}/ is not a folder of ${ROOT}/: put a test beside the module it tests (${ROOT}/${inside} does not exist), or a suite across modules in a folder named for it (${[...CROSS_CUTTING].join(', ')}).`,
    );
}
for (const file of testFiles) {
  if (file.endsWith('.test.ts')) continue;
  const top = relative(TESTS, file).split('/')[0] as string;
  if (!HELPER_FOLDERS.includes(top))
    problems.push(`${file} is a helper outside ${HELPER_FOLDERS.map((f) => `${TESTS}/${f}/`).join(' and ')}: move it there.`);
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
console.log(
  `layout: every folder of ${ROOT}/ holds at most ${MAX_FILES} files of its own; ${TESTS}/ mirrors ${ROOT}/; no two files of ${ROOT}/, nor of ${TESTS}/, share a name.`,
);
