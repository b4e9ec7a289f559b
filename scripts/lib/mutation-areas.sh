# The areas of mutation testing, shared by scripts/mutation-areas.sh (the release check) and
# scripts/mutation-ci.sh (CI's bounded run). Each line: name, break threshold, the src/ globs it
# mutates, the test globs its mutants run against (comma-separated). An area's mutants run against
# the tests of the code it holds (test/ mirrors src/) and the cross-cutting suites aimed at it, not
# the whole suite: the whole suite covers most lines from dozens of files, and ran 25 mutants a
# minute on 2 cores (5 h for src/). Fewer tests can only kill fewer mutants, so a score is a lower
# bound on the whole suite's. 90: the code that guards secrets, money and input from the network.
# Globs are split at commas: write no `{a,b}` in them.
# shellcheck shell=bash
MUTATION_AREAS=(
  'webhooks|90|src/webhooks/**/*.ts|test/webhooks/**/*.test.ts'
  'redaction|90|src/core/redaction/**/*.ts|test/core/redaction/**/*.test.ts,test/leaks/**/*.test.ts'
  'transport|90|src/core/transport/**/*.ts|test/core/transport/**/*.test.ts,test/errors/**/*.test.ts,test/fault-matrix/**/*.test.ts,test/core/config/client-options.test.ts,test/core/observability/tracing.test.ts,test/core/observability/request-id.test.ts,test/core/observability/request-log.test.ts,test/core/operations/raw-request.test.ts,test/leaks/secrets-never-leak.test.ts,test/otel/instrument.test.ts'
  'pagination|90|src/core/pagination/**/*.ts|test/core/pagination/**/*.test.ts,test/integration/read-ahead-over-loopback.test.ts'
  'cli-output|90|src/cli/output/**/*.ts|test/cli/output/**/*.test.ts'
  'redis|90|src/redis/**/*.ts|test/redis/**/*.test.ts'
  'postgres|90|src/postgres/**/*.ts|test/postgres/**/*.test.ts'
  'core-config|85|src/core/config/**/*.ts,src/core/*.ts|test/core/config/**/*.test.ts,test/core/*.test.ts'
  'core-observability|85|src/core/observability/**/*.ts|test/core/observability/**/*.test.ts,test/core/transport/**/*.test.ts'
  'core-operations|85|src/core/operations/**/*.ts|test/core/operations/**/*.test.ts,test/resources/**/*.test.ts'
  'core-pacing|85|src/core/pacing/**/*.ts|test/core/pacing/**/*.test.ts'
  'cli|85|src/cli/*.ts,src/cli/commands/**/*.ts|test/cli/**/*.test.ts'
  'client|85|src/*.ts,src/errors/**/*.ts,src/resources/**/*.ts|test/client.test.ts,test/resources/**/*.test.ts,test/errors/**/*.test.ts,test/version.test.ts,test/integration/**/*.test.ts'
  'testing|85|src/testing/**/*.ts|test/testing/**/*.test.ts,test/integration/**/*.test.ts,test/resources/negative-amount.test.ts'
  'utils|85|src/utils/**/*.ts|test/utils/**/*.test.ts,test/core/**/*.test.ts'
  'otel|85|src/otel/**/*.ts|test/otel/**/*.test.ts'
)

# Never mutated: barrels and type-only modules.
MUTATION_NEVER='!src/**/index.ts,!src/**/types.ts'

# mutation_config <area line> <config path> <incremental: true|false> [report name]
# Writes a Stryker config for one area: its tests through MUTATION_TESTS and its code through
# MUTATION_MUTATE (read by vitest.mutation.config.ts and test/setup/mutation-preload.ts), its
# threshold as the break, its own incremental file and report.
mutation_config() {
  local name threshold mutate tests
  IFS='|' read -r name threshold mutate tests <<<"$1"
  local report=${4:-$name}
  cat >"$2" <<CONFIG
import base from '../stryker.config.mjs';
process.env.MUTATION_TESTS = '$tests';
process.env.MUTATION_MUTATE = '$mutate';
export default {
  ...base,
  mutate: [...'$mutate'.split(','), ...'$MUTATION_NEVER'.split(',')],
  incremental: $3,
  incrementalFile: 'reports/mutation/areas/$name.incremental.json',
  thresholds: { ...base.thresholds, break: $threshold },
  reporters: ['clear-text', 'json', 'progress-append-only'],
  jsonReporter: { fileName: 'reports/mutation/areas/$report.json' },
};
CONFIG
}
