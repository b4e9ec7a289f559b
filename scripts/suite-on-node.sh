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

# run_vitest NODE MAJOR: the suite, as npm test runs it (vitest.config.ts's two projects: the
# files that need a process of their own isolated, the others sharing a worker); fails when it
# fails or ran no test.
run_vitest() {
  local node="$1" major="$2" report="$TMP/vitest-report-node$2.json"
  local options=() status=0
  [ -n "${VITEST_MAX_WORKERS:-}" ] && options+=(--maxWorkers="$VITEST_MAX_WORKERS")
  local left_out=
  [ "$major" = 22 ] && left_out=$(IFS=,; echo "${NODE22_LEAVES_OUT[*]}")
  CREDIT_PLATFORM_TEST_EXCLUDE=$left_out vitest_pass "$node" "$report" "${options[@]}" || status=1
  "$NODE24" -e '
    const [major, file] = process.argv.slice(1);
    const r = JSON.parse(require("fs").readFileSync(file, "utf8"));
    console.log(`vitest on Node ${major}: ${r.numPassedTests} passed, ${r.numFailedTests} failed of ${r.numTotalTests}`);
    process.exit(r.numTotalTests > 0 && r.numFailedTests === 0 ? 0 : 1);
  ' "$major" "$report" || status=1
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
