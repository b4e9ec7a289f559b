#!/usr/bin/env bash
# The vitest suite on the Nodes the package supports: Node 22 (node@22 from npm into
# .tmp/node22), the oldest (engines: >=22.12), and Node 24 (the node@24 devDependency), the one
# it is developed on. One PASS/FAIL line per Node major.
#   bash scripts/suite-on-node.sh 22       # vitest on Node 22
#   bash scripts/suite-on-node.sh 22 24    # and on Node 24 (the node@24 devDependency)
# VITEST_MAX_WORKERS=N runs N test files at a time instead of vitest.config.ts's count.
# Prints `PASS <check>` / `FAIL <check>` per check; exits 1 when any check failed.
source "$(dirname "$0")/lib/common.sh"
SUMMARY_LABEL=suite-on-node
require_node24

# On Node 22 every test file runs that can behave differently there: each one that loads the
# package's code (src/, examples/) or runs it in a child process. Left out are the files whose
# subject is the repository's own tooling and text, which load none of it: the release scripts
# (test/release), the benchmarks' charts (test/bench), the bundle-size script and the entry
# files' text (test/packaging), the compiler's messages for typed mistakes (test/types: what
# TypeScript prints does not depend on the Node it runs on), and the guides' and README's
# words, names and order, the snippet checker and the docs site's heading plugin (the
# test/guide files below). Those tools run on Node 24 only, in CI and on a developer's machine
# (the node@24 devDependency), and these files pass on Node 24 in `npm test`.
NODE22_LEAVES_OUT=(
  'test/release/**' 'test/bench/**' 'test/packaging/**' 'test/types/**'
  test/guide/examples-import-the-package.test.ts test/guide/exported-names.test.ts
  test/guide/guide-order.test.ts test/guide/install-docs.test.ts
  test/guide/quickstart-engine-note.test.ts test/guide/readme-front-door.test.ts
  test/guide/request-path.test.ts test/guide/secret-variable-name.test.ts
  test/guide/snippet-output.test.ts test/guide/typedoc-heading-text.test.ts
)

# Files that change what the next file in the same process would see run each in a fresh
# process (vitest's isolation): module mocks (vi.mock and the like, which need a fresh module
# registry), stubbed globals and environment, diagnostics channels (a subscriber stays for the
# process's life), process-wide listeners, the environment set by hand. Every other file runs with
# `--no-isolate`: one module registry per worker for many files, a quarter less CPU for this pass
# (vitest starts a process and re-imports the SDK and the setup files for each file otherwise). Each file still runs
# whole and on this Node; npm test runs every file isolated on Node 24.
NEEDS_ISOLATION='vi\.(mock|doMock|unmock|stubGlobal|stubEnv|resetModules)\(|diagnostics_channel|tracingChannel|process\.(on|once|chdir|umask)\(|process\.env(\.[A-Z_]+|\[[^]]+\])\s*=[^=]|delete process\.env|globalThis\.[a-zA-Z_]+\s*=[^=]'

# vitest_pass NODE REPORT OPTIONS...: one vitest run with its JSON report in REPORT.
# CREDIT_PLATFORM_EXPECT_NODE: test/toolchain/node-version.test.ts asserts the Node major the
# suite runs on (24 unless told), so a silent fall-back to Node 20 fails loudly.
# With CI set, vitest.config.ts writes .tmp/vitest-report.json (npm test's, which .ci/run counts)
# and that reporter option beats the command line, so CI is unset for this run.
vitest_pass() {
  local node="$1" report="$2" major
  shift 2
  major=$("$node" -p 'process.versions.node.split(".")[0]')
  rm -f "$report"
  (cd "$ROOT" && env -u CI CREDIT_PLATFORM_EXPECT_NODE="$major" "$node" node_modules/vitest/vitest.mjs run \
    "$@" --reporter=default --reporter=json --outputFile="$report")
}

# run_vitest NODE MAJOR: the suite in two passes (shared, then isolated); fails when either
# fails or when they ran no test.
run_vitest() {
  local node="$1" major="$2" report="$TMP/vitest-report-node$2.json" isolated_report="$TMP/vitest-report-node$2-isolated.json"
  local options=() file status=0
  [ -n "${VITEST_MAX_WORKERS:-}" ] && options+=(--maxWorkers="$VITEST_MAX_WORKERS")
  if [ "$major" = 22 ]; then
    for file in "${NODE22_LEAVES_OUT[@]}"; do options+=(--exclude "$file"); done
  fi
  local isolated=()
  mapfile -t isolated < <(cd "$ROOT" && grep -rlE --include='*.test.ts' "$NEEDS_ISOLATION" test | sort)
  local shared=("${options[@]}" --no-isolate)
  for file in "${isolated[@]}"; do shared+=(--exclude "$file"); done
  echo "vitest on Node $major: ${#isolated[@]} files isolated, the others with --no-isolate"
  vitest_pass "$node" "$report" "${shared[@]}" || status=1
  rm -f "$isolated_report"
  if [ "${#isolated[@]}" -gt 0 ]; then
    vitest_pass "$node" "$isolated_report" "${options[@]}" "${isolated[@]}" || status=1
  fi
  "$NODE24" -e '
    const fs = require("fs");
    const [major, ...reports] = process.argv.slice(1);
    let passed = 0, failed = 0, total = 0;
    for (const file of reports.filter((f) => fs.existsSync(f))) {
      const r = JSON.parse(fs.readFileSync(file, "utf8"));
      passed += r.numPassedTests; failed += r.numFailedTests; total += r.numTotalTests;
    }
    console.log(`vitest on Node ${major}: ${passed} passed, ${failed} failed of ${total}`);
    process.exit(total > 0 && failed === 0 ? 0 : 1);
  ' "$major" "$report" "$isolated_report" || status=1
  return "$status"
}

for major in "$@"; do
  case "$major" in
    22)
      if ensure_node22 >"$LOG_DIR/node22-for-vitest.log" 2>&1; then
        check vitest/node22 run_vitest "$NODE22" 22
        grep '^vitest on Node' "$LOG_DIR/vitest_node22.log"
      else
        fail vitest/node22 "$LOG_DIR/node22-for-vitest.log"
      fi
      ;;
    24)
      check vitest/node24 run_vitest "$NODE24" 24
      grep '^vitest on Node' "$LOG_DIR/vitest_node24.log"
      ;;
    *) echo "usage: bash scripts/suite-on-node.sh 22|24 ..." >&2; exit 2 ;;
  esac
done
summary suite-on-node
