#!/usr/bin/env bash
# Runtime matrix:
#  (a) the vitest suite on Node 22 (node@22 from npm into .tmp/node22) and Node 24
#      (the node@24 devDependency; scripts/suite-on-node.sh), and the esm/cjs/jest consumers
#      on Node 22;
#  (b) the packed package's smoke test (client call against the fake over loopback, the
#      error classes, both webhook verifiers) on Bun and Deno, installed from npm into
#      .tmp/runtimes;
#  (c) a Web-only environment: client + async verifier bundled without Node built-ins
#      and run in @edge-runtime/vm.
#   bash scripts/runtime-matrix.sh
#   REUSE_PACK=1 bash scripts/runtime-matrix.sh   # reuse .tmp/pack/*.tgz
#   VITEST_NODES="22" bash scripts/runtime-matrix.sh   # skip the Node 24 suite run
#   VITEST_NODES= bash scripts/runtime-matrix.sh       # no suite run (.ci/run runs `npm test`,
#     and the Node 22 pass as a check of its own, .ci/checks/suite-node22.sh)
# Prints `PASS <check>` / `FAIL <check>` per check; exits 1 when any check failed.
source "$(dirname "$0")/lib/common.sh"
SUMMARY_LABEL=runtime-matrix
require_node24
VITEST_NODES="${VITEST_NODES-22 24}"

# ---- (a) Node 22 and 24 ------------------------------------------------------------
node22_ok=0
check node22/install ensure_node22 && node22_ok=1
# The suite, on each Node of VITEST_NODES (scripts/suite-on-node.sh prints its own PASS/FAIL lines).
suites_ok=1
if [ -n "$VITEST_NODES" ]; then
  # shellcheck disable=SC2086 # one argument per Node major
  bash "$ROOT/scripts/suite-on-node.sh" $VITEST_NODES || suites_ok=0
fi

ensure_tarball
echo "tarball: ${TARBALL#$ROOT/}"

run_jest() { (cd "$1" && offline "$2" node_modules/jest/bin/jest.js --ci); }
# The esm and cjs consumers (import + require(esm), one set of error classes) and the Jest
# project (Jest's CommonJS runtime has no require(esm) on Node 22: the CommonJS build) on Node 22.
if [ "$node22_ok" = 1 ]; then
  for name in esm cjs jest; do
    # consumers.sh (run before this in CI) installed the same tarball there, after it was
    # packed: reuse that install.
    dir="$TMP/consumers/$name"
    if [ "${REUSE_PACK:-0}" = 1 ] && [ "$dir/node_modules/credit-platform" -nt "$TARBALL" ]; then
      echo "node22/consumer-$name: reusing the install in ${dir#$ROOT/}"
    elif check "node22/consumer-$name/install" setup_consumer "$name" "$TMP/consumers-node22"; then
      dir="$TMP/consumers-node22/$name"
    else
      continue
    fi
    case "$name" in
      esm) check "node22/consumer-esm/run" bash -c "cd '$dir' && '$NODE22' index.mjs" ;;
      cjs) check "node22/consumer-cjs/run" bash -c "cd '$dir' && '$NODE22' index.cjs" ;;
      jest) check "node22/consumer-jest/jest-offline" run_jest "$dir" "$NODE22" ;;
    esac
  done
fi

# ---- smoke project with the tarball (used by (b) and (c)) ----------------------------
SMOKE="$TMP/smoke"
setup_smoke() {
  rm -rf "$SMOKE" && cp -R "$ROOT/packaging/runtimes" "$SMOKE"
  (cd "$SMOKE" && "${NPM_INSTALL[@]}" "$TARBALL")
}
if ! check smoke/install setup_smoke; then summary runtime-matrix; fi

# The fake on loopback, served by Node 24 in the background for Bun, Deno and the edge VM,
# through the package's own `credit-platform-fake` bin (run with Node 24 explicitly: its
# `#!/usr/bin/env node` line would pick the machine's Node 20).
FAKE_LOG="$LOG_DIR/fake-server.log"
FAKE_PID=""
stop_fake() { if [ -n "$FAKE_PID" ]; then kill "$FAKE_PID" 2>/dev/null; wait "$FAKE_PID" 2>/dev/null; FAKE_PID=""; fi; }
trap stop_fake EXIT
start_fake() {
  : >"$FAKE_LOG"
  (cd "$SMOKE" && exec env -u CREDIT_PLATFORM_API_KEY "$NODE24" node_modules/.bin/credit-platform-fake --port 0) >"$FAKE_LOG" 2>&1 &
  FAKE_PID=$!
  for _ in $(seq 1 100); do
    grep -q '^CREDIT_PLATFORM_API_KEY=' "$FAKE_LOG" && break
    kill -0 "$FAKE_PID" 2>/dev/null || break
    sleep 0.1
  done
  cat "$FAKE_LOG"
  FAKE_BASE_URL="$(sed -n 's/^CREDIT_PLATFORM_BASE_URL=//p' "$FAKE_LOG")"
  FAKE_API_KEY="$(sed -n 's/^CREDIT_PLATFORM_API_KEY=//p' "$FAKE_LOG")"
  [ -n "$FAKE_BASE_URL" ] && [ -n "$FAKE_API_KEY" ] || return 1
  export FAKE_BASE_URL FAKE_API_KEY
}
fake_ok=0
check fake/start-bin-node24 start_fake && fake_ok=1

# ---- (b) Bun and Deno --------------------------------------------------------------
BUN="$TMP/runtimes/node_modules/.bin/bun"
DENO="$TMP/runtimes/node_modules/.bin/deno"
if check runtimes/install-bun-deno install_tools "$TMP/runtimes" '{ "bun": true, "deno": true }' bun deno; then
  # Deno: the smoke project's package.json + node_modules (npm's) are used as they are;
  # --no-remote and DENO_NO_UPDATE_CHECK keep it off the network except loopback.
  run_bun() { (cd "$SMOKE" && "$BUN" --version && "$BUN" smoke.mjs "$@"); }
  run_deno() {
    (cd "$SMOKE" && DENO_NO_UPDATE_CHECK=1 DENO_DIR="$TMP/deno-dir" "$DENO" --version \
      && DENO_NO_UPDATE_CHECK=1 DENO_DIR="$TMP/deno-dir" "$DENO" run --no-remote --node-modules-dir=manual \
        --allow-net=127.0.0.1,localhost --allow-env --allow-read --allow-sys smoke.mjs "$@")
  }
  if [ "$fake_ok" = 1 ]; then
    check bun/smoke run_bun
    check deno/smoke run_deno
  fi
  # The fake itself (node:http) served by Bun and Deno.
  check bun/smoke-fake-in-process run_bun --in-process
  check deno/smoke-fake-in-process run_deno --in-process
fi

# ---- (c) Web-only: bundle without Node built-ins, run in @edge-runtime/vm -------------
secret=whsec_edge_smoke
payload='{"id":"evt_edge_1","type":"deposit.created","timestamp":"2026-01-01T00:00:00.000Z","data":{"depositId":"dep_1","token":"USDC","amount":"1.00","transactionHash":"0xabc"}}'
sign_payload() {
  (cd "$SMOKE" && "$NODE24" --input-type=module -e "
    import { signWebhookPayload } from 'credit-platform/webhooks';
    console.log(signWebhookPayload(process.argv[1], process.argv[2]));" "$payload" "$secret")
}
check edge/bundle-without-node-builtins bash -c "cd '$SMOKE' && EDGE_STEP=bundle '$NODE24' edge-run.mjs '$ROOT/node_modules/esbuild'"
if [ "$fake_ok" = 1 ] && signature="$(sign_payload 2>"$LOG_DIR/edge-sign.log")"; then
  check edge/vm-client-and-async-verifier bash -c "cd '$SMOKE' && '$NODE24' edge-run.mjs '$ROOT/node_modules/esbuild' \"\$FAKE_BASE_URL\" \"\$FAKE_API_KEY\" '$payload' '$signature' '$secret'"
else
  fail edge/vm-client-and-async-verifier "$LOG_DIR/edge-sign.log"
fi

stop_fake
if [ "$suites_ok" = 0 ]; then FAILED=$((FAILED + 1)); FAILED_NAMES+=("the suite on Node $VITEST_NODES"); fi
summary runtime-matrix
