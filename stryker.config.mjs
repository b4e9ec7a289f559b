// Mutation testing (StrykerJS with its vitest runner): `npm run test:mutation` mutates all of
// src/ incrementally; `npm run test:mutation -- --mutate 'src/core/redaction/**'` one area.
// RELEASING.md has the full run as the release check; .ci/run runs the files changed since the
// last release (scripts/mutation-ci.sh). Thresholds are the floor of the guarded areas.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  coverageAnalysis: 'perTest',
  // Module-level constants would otherwise re-run the whole suite for each of their mutants.
  ignoreStatic: true,
  concurrency: 2,
  mutate: ['src/**/*.ts', '!src/**/index.ts', '!src/**/types.ts'],
  // The wording of messages and log lines is reviewed, not mutation-tested.
  mutator: { excludedMutations: ['StringLiteral'] },
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  thresholds: { high: 90, low: 85, break: null },
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.tmp/stryker',
  // Scratch and build output: without this, a run copies into its sandbox every other run's
  // sandbox under .tmp (twice the files for two runs side by side) and the bench results.
  ignorePatterns: ['/.tmp', '/dist', '/coverage', '/docs/api', '/bench/results', '*.tgz'],
  // The initial run is the related part of the suite under instrumentation: minutes on 2 cores.
  dryRunTimeoutMinutes: 30,
  timeoutMS: 10_000,
  timeoutFactor: 2,
  cleanTempDir: 'always',
};
