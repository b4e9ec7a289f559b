#!/usr/bin/env bash
# Installs the packed tarball into throwaway consumer projects (packaging/consumers/*,
# copied to .tmp/consumers/<name>) and, for each: typechecks with `tsc --strict` (the
# TypeScript ones) and runs a call against the fake, the webhook verifiers and the
# instanceof checks on Node 24; the Jest project runs its tests (CommonJS, ts-jest) with no
# network but loopback; the bundler project builds a small app with esbuild (ESM and CJS) and
# runs both bundles; the testing guide's vitest example runs with no network but loopback; and
# a user's `npm install <tarball>` in an empty project, with npm on Node 24, prints no EBADENGINE.
#   bash scripts/consumers.sh                 # build, pack, all consumers
#   REUSE_PACK=1 bash scripts/consumers.sh    # reuse .tmp/pack/*.tgz from pack-check.sh
#   CONSUMERS="cjs esm" bash scripts/consumers.sh
#   CONSUMER_JOBS=1 bash scripts/consumers.sh # one consumer at a time (default 3)
# Prints `PASS <check>` / `FAIL <check>` per check; exits 1 when any check failed.
source "$(dirname "$0")/lib/common.sh"
SUMMARY_LABEL=consumers
require_node24
ensure_tarball
echo "tarball: ${TARBALL#$ROOT/}"
# The longest first, so that none is left running alone at the end.
CONSUMERS="${CONSUMERS:-ts-bundler jest ts-node16 ts-nodenext guide-vitest esm cjs bundler install-node24}"
# Consumers run side by side, CONSUMER_JOBS at a time: each spends much of its time in npm's
# install (the cache, the disk) and in starting processes, which leave a core idle.
CONSUMER_JOBS="${CONSUMER_JOBS:-3}"

run_in() { local dir="$1"; shift; (cd "$dir" && "$@"); }

# user_install DIR: what the README's "Install" gives a user: an empty project,
# `npm install <tarball>` with npm itself running on Node 24 and npm's default log level. Fails
# when the install fails or warns about engines (EBADENGINE), which a user on a supported Node
# must never see.
user_install() {
  local dir="$1" bin="$TMP/node24-only" out status=0
  rm -rf "$dir" "$bin" && mkdir -p "$dir" "$bin" && ln -s "$NODE24" "$bin/node"
  echo '{ "name": "user-project", "private": true, "type": "module" }' >"$dir/package.json"
  out=$(cd "$dir" && PATH="$bin:$PATH" npm install --no-audit --no-fund --prefer-offline "$TARBALL" 2>&1) || status=$?
  echo "$out"
  [ "$status" -eq 0 ] && ! grep -q EBADENGINE <<<"$out"
}

# run_consumer NAME: one consumer's checks (its PASS/FAIL lines on stdout).
run_consumer() {
  local name="$1" dir="$TMP/consumers/$1"
  if [ "$name" = guide-vitest ]; then
    # docs/guides/testing.md's vitest example, from the repository's sources. CI is unset so
    # that vitest does not overwrite npm test's JSON report (vitest.config.ts).
    check "guide-vitest/offline" offline env -u CI "$NODE24" "$ROOT/node_modules/vitest/vitest.mjs" run --root "$ROOT" test/guide
    return
  fi
  if [ "$name" = install-node24 ]; then
    check "install-node24/no-engine-warnings" user_install "$dir"
    return
  fi
  check "consumer-$name/install" setup_consumer "$name" || return
  case "$name" in
    esm)
      check "consumer-esm/run-node24" run_in "$dir" "$NODE24" index.mjs
      check "consumer-esm/webhooks-entry-does-not-load-ky" run_in "$dir" "$NODE24" webhooks-only.mjs
      check "consumer-esm/root-loads-ky-on-first-request" run_in "$dir" "$NODE24" ky-on-first-request.mjs
      ;;
    cjs)
      check "consumer-cjs/run-node24-require-and-import" run_in "$dir" "$NODE24" index.cjs
      ;;
    ts-*)
      # ts-nodenext and ts-node16 compile without the DOM lib (a Node-only project) and
      # without skipLibCheck. msw's own declarations need the DOM lib (msw's requirement,
      # whoever imports it), so ./testing/msw is type-checked in ts-bundler (DOM lib) only.
      local skip=(); [ "$name" != ts-bundler ] && skip=(./testing/msw)
      write_entry_imports "$dir" ts "${skip[@]}"
      [ "$name" != ts-bundler ] && write_entry_imports "$dir" cts "${skip[@]}"
      if check "consumer-$name/tsc-strict" run_in "$dir" "$NODE24" node_modules/typescript/bin/tsc -p . --strict; then
        check "consumer-$name/run-node24" run_in "$dir" "$NODE24" out/usage.js
        [ -f "$dir/out/usage-cjs.cjs" ] && check "consumer-$name/run-node24-cts-require" run_in "$dir" "$NODE24" out/usage-cjs.cjs
        [ -f "$dir/out/dynamic.cjs" ] && check "consumer-$name/run-node24-cts-dynamic-import" run_in "$dir" "$NODE24" out/dynamic.cjs
        # (the generated all-entries file is compiled, not run: its imports load at run time
        # through index.mjs / index.cjs already)
      fi
      ;;
    jest)
      # Jest's own CommonJS module runtime: require() takes the `require` condition (the
      # CommonJS build). No network but loopback: the fake must not reach out.
      if has_export ./redis; then
        echo "consumer-jest: credit-platform/redis is in the exports map: its require() test runs"
      else
        echo "NOTE consumer-jest: credit-platform/redis is not in this tarball's exports map yet; its require() test is skipped"
      fi
      check "consumer-jest/jest-offline-node24" run_in "$dir" offline "$NODE24" node_modules/jest/bin/jest.js --ci
      ;;
    bundler)
      check "consumer-bundler/esbuild-esm-and-cjs-run-node24" run_in "$dir" "$NODE24" build-and-run.mjs "$ROOT/node_modules/esbuild"
      ;;
    *) echo "unknown consumer $name" >"$LOG_DIR/consumer-$name.log"; fail "consumer-$name" "$LOG_DIR/consumer-$name.log" ;;
  esac
}

# Each consumer's lines go to its own file and are printed whole, in the order of CONSUMERS,
# then counted: the counts of a consumer run in the background stay in its subshell.
for name in $CONSUMERS; do
  while [ "$(jobs -rp | wc -l)" -ge "$CONSUMER_JOBS" ]; do wait -n; done
  run_consumer "$name" >"$LOG_DIR/consumer-$name.lines" 2>&1 &
done
wait
for name in $CONSUMERS; do
  lines="$LOG_DIR/consumer-$name.lines"
  cat "$lines"
  PASSED=$((PASSED + $(grep -c '^PASS ' "$lines")))
  FAILED=$((FAILED + $(grep -c '^FAIL ' "$lines")))
  mapfile -t -O "${#FAILED_NAMES[@]}" FAILED_NAMES < <(sed -n 's/^FAIL //p' "$lines")
done

summary consumers
