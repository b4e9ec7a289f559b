// Under Stryker only (vitest.mutation.config.ts): the client's entry loads before any test file,
// as it did for every file when the leak guard imported the SDK. The code that runs once at import
// (operation tables, schemas, patterns) then counts as static, and `ignoreStatic`
// (stryker.config.mjs) leaves its mutants out. Loaded first by a test file instead, that code runs
// before any mutant is switched on, and its mutants "survive" without ever having run.
import '../../src/index.js';
