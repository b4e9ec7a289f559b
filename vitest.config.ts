import { defineConfig } from 'vitest/config';

// In CI, vitest also writes a JSON report so .ci/run can count the tests that really ran.
const reporters = process.env.CI ? ['default', ['json', { outputFile: '.tmp/vitest-report.json' }]] : ['default'];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup/leak-guard.ts'],
    testTimeout: 20_000,
    restoreMocks: true,
    reporters: reporters as never,
  },
});
