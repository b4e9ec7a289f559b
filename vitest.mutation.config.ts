// The suite as StrykerJS runs it (stryker.config.mjs): the normal config less the tests that
// measure the code itself rather than its behaviour, which fail on every instrumented run.
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

// An area's own tests (scripts/lib/mutation-areas.sh sets this): comma-separated globs.
const areaTests = process.env.MUTATION_TESTS?.split(',').filter(Boolean);

const config = mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        // Bundles the webhooks entry and checks its size: instrumentation multiplies it.
        'test/webhooks/entry-boundaries.test.ts',
        // Asserts the client's RSS grows less than a 128 MiB body: instrumentation adds its own.
        'test/core/transport/response-size.test.ts',
        // Compile code against src/ and expect the compiler's errors: Stryker marks every
        // instrumented file `@ts-nocheck`, so the errors vanish; types are not mutated anyway.
        'test/types/**',
        '**/node_modules/**',
      ],
      // The JSON report is CI's count of the normal run; mutant runs must not overwrite it.
      reporters: ['default'],
      // Appended to the normal run's setup files (mergeConfig concatenates arrays).
      setupFiles: ['test/setup/mutation-preload.ts'],
    },
  }),
);

// Set after merging: mergeConfig concatenates arrays, which would keep the whole suite. One
// project with every file isolated: a module's state computed under one mutant (a cache, a
// memoised table) must not carry into the next file's run under another.
if (config.test) {
  config.test.include = areaTests?.length ? areaTests : ['test/**/*.test.ts'];
  config.test.projects = undefined;
}

export default config;
