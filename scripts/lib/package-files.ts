// What the published package holds, exactly: one list for `npm run check:pack` (the packed
// tarball) and `.ci/checks/publish-dry-run.sh` (what `npm publish` would upload). An entry
// point added to tsup.config.ts's ENTRIES, a program to package.json "bin", or a module to its
// "imports", is expected with no edit here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENTRIES } from '../../tsup.config.js';

/** Files besides dist/ (npm adds package.json, README, CHANGELOG and LICENSE by name too). */
export const TOP_LEVEL_FILES = ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE'];

/** tsup's shared chunks and declaration chunks: `chunk-7KQ2XJ4D.js`, `index-BwX687DS.d.cts`, `events-E2Uiuh-M.d.ts` (a base64url hash: `-` and `_` too). */
const HASHED = /^dist\/[a-z][a-z0-9-]*-[A-Za-z0-9_-]{8}\.(js|cjs|d\.ts|d\.cts)$/;

/** The files a package.json "imports" map may resolve to, under any condition. */
function importTargets(map: unknown): string[] {
  if (typeof map === 'string') return [map.replace(/^\.\//, '')];
  if (map === null || typeof map !== 'object') return [];
  return Object.values(map).flatMap(importTargets);
}

/**
 * Every file the package must ship: per entry point its ESM and CommonJS code and declarations,
 * per program of "bin" its code and declarations (the ESM build declares them too), every
 * module of "imports", the top-level files, and the hashed chunks the build in `root`/dist holds.
 */
export function expectedPackageFiles(root: string): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    bin?: Record<string, string>;
    imports?: unknown;
  };
  const files = new Set(TOP_LEVEL_FILES);
  for (const name of Object.keys(ENTRIES)) {
    for (const ext of ['js', 'cjs', 'd.ts', 'd.cts']) files.add(`dist/${name}.${ext}`);
  }
  for (const target of Object.values(pkg.bin ?? {})) {
    const file = target.replace(/^\.\//, '');
    files.add(file);
    files.add(file.replace(/\.js$/, '.d.ts'));
  }
  for (const file of importTargets(pkg.imports)) files.add(file);
  for (const file of readdirSync(join(root, 'dist'))) if (HASHED.test(`dist/${file}`)) files.add(`dist/${file}`);
  return [...files].sort();
}

/** The differences between a package's file list and the expected one, one line each. */
export function packageFileProblems(actual: string[], expected: string[]): string[] {
  const have = new Set(actual);
  const want = new Set(expected);
  return [
    ...expected.filter((file) => !have.has(file)).map((file) => `missing from the package: ${file}`),
    ...actual.filter((file) => !want.has(file)).map((file) => `not expected in the package: ${file}`),
  ];
}
