import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { filesNeedingIsolation } from './test/setup/files-needing-isolation.js';

// vitest 5 and msw 3 need Node 22.12+; on older Node every test would fail with an unrelated
// error (`Map.groupBy is not a function`). Say what to do instead, in one line, and stop.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `credit-platform's tests need Node 24 (22.12+ at least), not ${process.version}: run \`npm test\` (it uses the node@24 devDependency) or switch to the version in .node-version (nvm use / fnm use).`,
  );
  process.exit(1);
}

// In CI, vitest also writes a JSON report so .ci/run can count the tests that really ran.
const reporters = process.env.CI ? ['default', ['json', { outputFile: '.tmp/vitest-report.json' }]] : ['default'];

const isolated = filesNeedingIsolation(import.meta.dirname);
// Globs left out of both projects (comma-separated): scripts/suite-on-node.sh's Node 22 pass
// leaves out the files that test only the repository's own tooling. vitest's `--exclude` does not
// reach projects that set their own `exclude`.
const leftOut = process.env.CREDIT_PLATFORM_TEST_EXCLUDE?.split(',').filter(Boolean) ?? [];

export default defineConfig({
  // tsconfig.json `paths` map 'credit-platform' and its entries to src/, so a test can import the
  // package by name exactly as the guides show (test/guide/webhook-endpoint.test.ts).
  resolve: { tsconfigPaths: true },
  test: {
    // temporary-files: TMPDIR is the run's directory (in memory on Linux), made by run-directory.
    setupFiles: ['test/setup/temporary-files.ts', 'test/setup/leak-guard.ts'],
    // skipped-suites prints which suites were skipped for a missing system program (redis-server, PostgreSQL).
    globalSetup: ['test/setup/run-directory.ts', 'test/setup/skipped-suites.ts'],
    // Two test files more than there are cores: many files spend much of their time waiting on a
    // server, a child process or a timer (the PostgreSQL and Redis suites, the crash tests), and
    // meanwhile others compute. With one more, those waits left the cores half idle for a third of
    // the run on a 2-core machine; vitest's own default, one fewer than the cores, runs one file
    // at a time there.
    maxWorkers: availableParallelism() + 2,
    // Guards against a hung test or hook, not speed limits: on a loaded shared machine the
    // CPU-bound tests (20,000-run properties, a child reading 32 MiB bodies) took over 20 s, and
    // the leak guard's search of the fault matrix's errors (afterAll) over 10 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    restoreMocks: true,
    reporters: reporters as never,
    // Two projects, one run: the files that change what a later file in the same process would see
    // each in a process of their own, every other file sharing its worker's module registry
    // (test/setup/files-needing-isolation.ts says which and why).
    projects: [
      { extends: true, test: { name: 'isolated', include: isolated, exclude: leftOut, isolate: true } },
      {
        extends: true,
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...isolated, ...leftOut], isolate: false },
      },
    ],
  },
});
