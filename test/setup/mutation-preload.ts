// Under Stryker only (vitest.mutation.config.ts): the package entry that holds the mutated code
// loads before any test file, as the client's entry did for every file when the leak guard
// imported the SDK. The code that runs once at import (operation tables, schemas, patterns) then
// counts as static, and `ignoreStatic` (stryker.config.mjs) leaves its mutants out. Loaded first by
// a test file instead, that code runs before any mutant is switched on, and its mutants "survive"
// without ever having run. Only the area's own entry: with the whole client loaded in every file,
// CI's check of the webhooks area took 91 s instead of 56 s.

// The folders whose code ships in an entry of its own; everything else is the client's.
const OWN_ENTRIES = ['webhooks', 'testing', 'postgres', 'redis', 'otel', 'money'];

const folders = new Set(
  (process.env.MUTATION_MUTATE ?? '')
    .split(',')
    .filter((glob) => glob.startsWith('src/'))
    .map((glob) => glob.split('/')[1] ?? ''),
);
for (const folder of folders) {
  await import(OWN_ENTRIES.includes(folder) ? `../../src/${folder}/index.js` : '../../src/index.js');
}
