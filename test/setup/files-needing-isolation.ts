// Which test files need a process of their own. vitest runs every other file with `isolate: false`
// (vitest.config.ts): one module registry per worker for many files, about a quarter less CPU for
// the suite, since vitest otherwise starts a process and imports the SDK and the setup files
// again for each file. A file needs isolation when it changes what the next file in the same
// process would see: module mocks (which need a fresh registry), stubbed globals and environment,
// diagnostics channels (a subscriber stays for the process's life), process-wide listeners, the
// environment or a global set by hand. A file may also ask for one with a comment line starting
// `// vitest: own process`, saying why (a measurement that another file's heap would skew).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const NEEDS_ISOLATION =
  /vi\.(mock|doMock|unmock|stubGlobal|stubEnv|resetModules)\(|diagnostics_channel|tracingChannel|process\.(on|once|chdir|umask)\(|process\.env(\.[A-Z_]+|\[[^\]]+\])\s*=[^=]|delete process\.env|globalThis\.[a-zA-Z_]+\s*=[^=]|^\/\/ vitest: own process/m;

/** The test files under `root/test` whose text matches {@link NEEDS_ISOLATION}, relative to `root`, sorted. */
export function filesNeedingIsolation(root: string): string[] {
  return readdirSync(join(root, 'test'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => NEEDS_ISOLATION.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file).split('\\').join('/'))
    .sort();
}
