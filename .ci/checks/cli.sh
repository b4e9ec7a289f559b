#!/usr/bin/env bash
# The `credit-platform` command as a user runs it: the packed tarball and express installed into a
# throwaway project (.tmp/cli/project, from .ci/checks/cli-project), then `npx credit-platform ...`
# there (after the first checks, the bin file npx runs, called directly), against an Express endpoint built with createNodeWebhookHandler (receiver.mjs) and
# against the fake over loopback (the command's own `fake`, and flaky-fake.mjs for a failing
# export). Asserts exit codes, what the endpoint handled (once per event id) and the files
# written (every id once, CSV header, an interrupted export resumed with the printed command, an
# existing file, a link and the other format refused at --out, Ctrl-C while a page hangs).
#   bash .ci/checks/cli.sh                           # build if dist/ is missing, pack, check
#   PACK_TARBALL=.tmp/pack/credit-platform-0.1.0.tgz bash .ci/checks/cli.sh
# Prints `PASS <check>` / `FAIL <check>` per check; exits 1 when any check failed.
source "$(dirname "$0")/../../scripts/lib/common.sh"
SUMMARY_LABEL=cli
require_node24
cd "$ROOT" || exit 1
unset CREDIT_PLATFORM_BASE_URL CREDIT_PLATFORM_API_KEY CREDIT_PLATFORM_WEBHOOK_SECRET

WORK="$TMP/cli"
PROJECT="$WORK/project"
SECRET=whsec_ci_cli_5d1c0a
rm -rf "$WORK" && mkdir -p "$WORK/node-bin"
# The bin starts with `#!/usr/bin/env node`: put Node 24 first on PATH, as a user's own Node
# would be (the machine's `node` is 20, older than the package supports).
ln -s "$(readlink -f "$NODE24")" "$WORK/node-bin/node"
export PATH="$WORK/node-bin:$PATH"

PIDS=()
cleanup() { for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; done; }
trap cleanup EXIT

# npx_run ARGS...: `npx credit-platform ARGS` in the project, at most 60 s.
npx_run() { (cd "$PROJECT" && timeout 60 npx --no-install credit-platform "$@"); }
# cp_run ARGS...: the same program, the file `npx credit-platform` runs (checked by the first
# checks), called directly: npx costs 1 to 2 s a call on these machines.
CP="$PROJECT/node_modules/.bin/credit-platform"
cp_run() { (cd "$PROJECT" && timeout 60 "$CP" "$@"); }
# has FILE TEXT / count FILE TEXT: fixed-string checks.
has() { grep -qF -- "$2" "$1" || { echo "no \"$2\" in $1:"; cat "$1"; return 1; }; }
count() { grep -cF -- "$2" "$1" || true; }
# expect_rc WANT GOT
expect_rc() { [ "$2" -eq "$1" ] || { echo "exit code $2, expected $1"; return 1; }; }
# ids FILE: the transaction ids of an NDJSON or CSV export, one a line.
ids() { grep -oE '^(\{"id":")?tx_[A-Za-z0-9]+' "$1" | sed 's/^{"id":"//'; }

# start_bg NAME PATTERN CMD...: runs CMD in the project in the background (output in
# $WORK/NAME.log) and waits up to 15 s for a line matching PATTERN.
start_bg() {
  local name=$1 pattern=$2
  shift 2
  (cd "$PROJECT" && exec "$@") >"$WORK/$name.log" 2>&1 &
  PIDS+=($!)
  local pid=$!
  for _ in $(seq 1 150); do
    grep -qE -- "$pattern" "$WORK/$name.log" && return 0
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  cat "$WORK/$name.log"
  return 1
}
env_line() { sed -n "s/^$2=//p" "$WORK/$1.log" | head -n 1; }

# ---- install ---------------------------------------------------------------------------
install() {
  local tarball=${PACK_TARBALL:-}
  if [ -z "$tarball" ]; then
    [ -f dist/cli.js ] || npx tsup || return 1
    npm pack --pack-destination "$WORK" --loglevel=error >"$WORK/pack-name" || return 1
    tarball="$WORK/$(tail -n 1 "$WORK/pack-name")"
  fi
  cp -R .ci/checks/cli-project "$PROJECT"
  local express
  express=$(npm pkg get devDependencies.express | tr -d '"')
  (cd "$PROJECT" && "${NPM_INSTALL[@]}" "$(readlink -f "$tarball")" "express@$express") || return 1
  [ -x "$PROJECT/node_modules/.bin/credit-platform" ] && [ -x "$PROJECT/node_modules/.bin/credit-platform-fake" ] || return 1
  # `npx credit-platform` is the tarball's bin.
  [ "$(readlink -f "$CP")" = "$(readlink -f "$PROJECT/node_modules/credit-platform/dist/cli.js")" ] || return 1
  [ "$(npx_run --version)" = "$(npm pkg get version | tr -d '"')" ]
}
check cli/install-tarball-and-express install || summary cli

help_everywhere() {
  npx_run --help >"$WORK/help.txt" || return 1
  has "$WORK/help.txt" 'transactions export' || return 1
  local sub
  for sub in 'webhooks send' 'webhooks verify' 'webhooks trigger' 'fake' 'transactions export'; do
    # shellcheck disable=SC2086 # the subcommand is two words on purpose
    cp_run $sub --help >"$WORK/help-sub.txt" || { echo "$sub --help failed"; return 1; }
    has "$WORK/help-sub.txt" "usage: credit-platform $sub" || return 1
  done
  (cd "$PROJECT" && node_modules/.bin/credit-platform-fake --help) | grep -q '^usage: credit-platform fake'
}
check cli/help-on-every-subcommand help_everywhere

# ---- webhooks send / verify against the Express endpoint --------------------------------
HANDLED="$WORK/handled.log"
: >"$HANDLED"
check cli/receiver-start start_bg receiver '^listening on [0-9]+' env HANDLED_LOG="$HANDLED" CREDIT_PLATFORM_WEBHOOK_SECRET="$SECRET" "$NODE24" receiver.mjs
RPORT=$(sed -n 's/^listening on //p' "$WORK/receiver.log")
HOOK="http://127.0.0.1:$RPORT/webhooks"

send_delivered() {
  # The secret from the environment: off the command line.
  CREDIT_PLATFORM_WEBHOOK_SECRET="$SECRET" npx_run webhooks send deposit.created --to "$HOOK" --id evt_ci_send_1 --data '{"amount":"25.00"}' >"$WORK/send.out" 2>&1
  expect_rc 0 $? || return 1
  has "$WORK/send.out" '200 OK in ' && has "$WORK/send.out" '{"received":true}' || return 1
  [ "$(count "$HANDLED" 'evt_ci_send_1 deposit.created 25.00')" -eq 1 ] || { cat "$HANDLED"; return 1; }
  ! grep -qF "$SECRET" "$WORK/send.out"
}
check cli/send-delivered-verified-handled send_delivered

verify_captured() {
  local sig
  sig=$(cat "$PROJECT/last-signature")
  # Private, as a secret file should be (one other users may read gets a warning on stderr).
  (umask 077 && printf '%s\n' "$SECRET" >"$WORK/secret.txt")
  cp_run webhooks verify --secret-file "$WORK/secret.txt" --signature "$sig" --file last-body.json >"$WORK/verify.out" || return 1
  has "$WORK/verify.out" 'verified: deposit.created evt_ci_send_1' || return 1
  (cd "$PROJECT" && timeout 60 "$CP" webhooks verify --secret "$SECRET" --signature "$sig" <last-body.json) |
    grep -qx 'verified: deposit.created evt_ci_send_1'
}
check cli/verify-captured-delivery-file-and-stdin verify_captured

verify_refusals() {
  local sig rc
  sig=$(cat "$PROJECT/last-signature")
  cp_run webhooks verify --secret whsec_wrong --signature "$sig" --file last-body.json 2>"$WORK/verify.err"
  rc=$?
  expect_rc 1 $rc && has "$WORK/verify.err" 'signature_mismatch: ' || return 1
  cp_run webhooks verify --secret "$SECRET" --signature not-hex --file last-body.json 2>"$WORK/verify.err"
  rc=$?
  expect_rc 1 $rc && has "$WORK/verify.err" 'malformed_signature: ' || return 1
  (cd "$PROJECT" && printf ' ' | cat last-body.json - | timeout 60 "$CP" webhooks verify --secret "$SECRET" --signature "$sig") 2>"$WORK/verify.err"
  rc=$?
  expect_rc 1 $rc && has "$WORK/verify.err" 'signature_mismatch: '
}
check cli/verify-refusals-exit-1-with-code verify_refusals

send_duplicate() {
  cp_run webhooks send deposit.created --to "$HOOK" --secret "$SECRET" --id evt_ci_send_1 >"$WORK/send.out" 2>&1
  expect_rc 0 $? || return 1
  has "$WORK/send.out" '"duplicate":true' || return 1
  [ "$(count "$HANDLED" 'evt_ci_send_1 ')" -eq 1 ] || { cat "$HANDLED"; return 1; }
}
check cli/send-same-id-twice-handled-once send_duplicate

send_forged() {
  local before
  before=$(wc -l <"$HANDLED")
  cp_run webhooks send deposit.created --to "$HOOK" --secret whsec_forged >"$WORK/send.out" 2>&1
  expect_rc 1 $? || return 1
  has "$WORK/send.out" '401 Unauthorized' || return 1
  [ "$(wc -l <"$HANDLED")" -eq "$before" ]
}
check cli/send-forged-gets-401-exit-1 send_forged

send_refused() {
  cp_run webhooks send deposit.creatd --to "$HOOK" --secret "$SECRET" 2>"$WORK/send.err"
  expect_rc 2 $? || return 1
  has "$WORK/send.err" 'did you mean deposit.created?' && has "$WORK/send.err" '  account.frozen' || return 1
  cp_run webhooks send deposit.created --to http://192.168.0.10:3000/webhooks --secret "$SECRET" 2>"$WORK/send.err"
  expect_rc 2 $? || return 1
  has "$WORK/send.err" 'may use http:// only on this machine'
}
check cli/send-unknown-type-and-remote-http-exit-2 send_refused

# ---- the fake: forward, trigger, export -------------------------------------------------
# --seed 1: the same data as flaky-fake.mjs (seed 1), whose resumed exports are compared with these.
check cli/fake-start start_bg fake '^Trigger one' "$CP" fake --port 0 --transactions 1234 --seed 1 \
  --forward-to "$HOOK" --secret "$SECRET"
FAKE_ENV=(env CREDIT_PLATFORM_BASE_URL="$(env_line fake CREDIT_PLATFORM_BASE_URL)" CREDIT_PLATFORM_API_KEY="$(env_line fake CREDIT_PLATFORM_API_KEY)")

trigger_forwarded() {
  "${FAKE_ENV[@]}" bash -c "cd '$PROJECT' && '$CP' webhooks trigger deposit.created --data '{\"amount\":\"42.00\"}'" >"$WORK/trigger.out" || return 1
  local id
  id=$(sed -n 's/^emitted deposit.created \(evt_[^ ]*\) to 1 endpoint(s)$/\1/p' "$WORK/trigger.out")
  [ -n "$id" ] || { cat "$WORK/trigger.out"; return 1; }
  [ "$(count "$HANDLED" "$id deposit.created 42.00")" -eq 1 ] || { cat "$HANDLED"; return 1; }
  has "$WORK/fake.log" "$id deposit.created 200 in "
}
check cli/fake-forwards-triggered-event-handled-once trigger_forwarded

export_ndjson() {
  "${FAKE_ENV[@]}" bash -c "cd '$PROJECT' && '$CP' transactions export --out tx.ndjson" 2>"$WORK/export.err"
  expect_rc 0 $? || return 1
  [ "$(wc -l <"$PROJECT/tx.ndjson")" -eq 1234 ] && [ "$(ids "$PROJECT/tx.ndjson" | sort -u | wc -l)" -eq 1234 ] || return 1
  has "$WORK/export.err" 'exported 1234 transactions, 13 pages'
}
check cli/export-ndjson-every-id-once export_ndjson

export_csv() {
  "${FAKE_ENV[@]}" bash -c "cd '$PROJECT' && '$CP' transactions export --format csv --out tx.csv" 2>"$WORK/export.err"
  expect_rc 0 $? || return 1
  [ "$(head -n 1 "$PROJECT/tx.csv")" = $'id,type,status,token,chain,amount,transactionHash,createdAt\r' ] || { head -n 2 "$PROJECT/tx.csv"; return 1; }
  [ "$(wc -l <"$PROJECT/tx.csv")" -eq 1235 ] && [ "$(ids "$PROJECT/tx.csv" | sort -u | wc -l)" -eq 1234 ] || return 1
  [ "$(ids "$PROJECT/tx.csv")" = "$(ids "$PROJECT/tx.ndjson")" ]
}
check cli/export-csv-header-and-rows export_csv

export_stdout() {
  "${FAKE_ENV[@]}" bash -c "cd '$PROJECT' && '$CP' transactions export --limit 50 >stdout.ndjson" 2>"$WORK/export.err"
  expect_rc 0 $? || return 1
  cmp -s "$PROJECT/stdout.ndjson" "$PROJECT/tx.ndjson" || return 1
  has "$WORK/export.err" 'exported 1234 transactions, 25 pages'
}
check cli/export-stdout-same-as-file export_stdout

# --out never clobbers: an existing file is refused without --force, a symbolic link even with it.
export_out_guards() {
  cp "$PROJECT/tx.ndjson" "$WORK/tx.before"
  "${FAKE_ENV[@]}" bash -c "cd '$PROJECT' && '$CP' transactions export --out tx.ndjson" 2>"$WORK/export.err"
  expect_rc 2 $? || return 1
  has "$WORK/export.err" 'exists; pass --force to replace it' || return 1
  ln -sf tx.ndjson "$PROJECT/link.ndjson"
  "${FAKE_ENV[@]}" bash -c "cd '$PROJECT' && '$CP' transactions export --out link.ndjson --force" 2>"$WORK/export.err"
  expect_rc 2 $? || return 1
  has "$WORK/export.err" 'is a symbolic link' || return 1
  "${FAKE_ENV[@]}" bash -c "cd '$PROJECT' && '$CP' transactions export --format csv --out tx.ndjson --cursor abc" 2>"$WORK/export.err"
  expect_rc 2 $? || return 1
  has "$WORK/export.err" 'holds NDJSON, and this export writes CSV' || return 1
  cmp "$PROJECT/tx.ndjson" "$WORK/tx.before"
}
check cli/export-out-refuses-existing-file-link-and-other-format export_out_guards

export_no_key() {
  (cd "$PROJECT" && CREDIT_PLATFORM_BASE_URL=http://127.0.0.1:1/api/v1 timeout 60 "$CP" transactions export) 2>"$WORK/export.err"
  expect_rc 1 $? || return 1
  has "$WORK/export.err" 'No API key: pass `apiKey` to `new CreditPlatform({ apiKey })` or set CREDIT_PLATFORM_API_KEY.'
}
check cli/export-without-key-says-so export_no_key

# export_resumed FORMAT FILE: an export that fails at the 5th page, then the printed command
# run as printed once the service is back; the file must equal the uninterrupted export.
export_resumed() {
  local format=$1 file=$2 name="flaky-$1"
  start_bg "$name" '^CREDIT_PLATFORM_API_KEY=' env FAIL_AT=5 "$NODE24" flaky-fake.mjs || return 1
  local pid=${PIDS[-1]}
  local run=(env CREDIT_PLATFORM_BASE_URL="$(env_line "$name" CREDIT_PLATFORM_BASE_URL)" CREDIT_PLATFORM_API_KEY="$(env_line "$name" CREDIT_PLATFORM_API_KEY)")
  "${run[@]}" bash -c "cd '$PROJECT' && '$CP' transactions export --format $format --out $file" 2>"$WORK/$name.err"
  expect_rc 1 $? || return 1
  has "$WORK/$name.err" 'failed after 400 transactions, 4 pages' || return 1
  local resume
  resume=$(sed -n 's/^  \(npx credit-platform transactions export .*--cursor=.*\)$/\1/p' "$WORK/$name.err")
  [ -n "$resume" ] || { cat "$WORK/$name.err"; return 1; }
  echo "resume command: $resume"
  kill -USR1 "$pid"
  "${run[@]}" bash -c "cd '$PROJECT' && $resume" 2>>"$WORK/$name.err"
  expect_rc 0 $? || return 1
  local reference=tx.$format
  cmp "$PROJECT/$file" "$PROJECT/$reference" || return 1
  [ "$(ids "$PROJECT/$file" | sort | uniq -d | wc -l)" -eq 0 ]
}
check cli/export-ndjson-fault-then-printed-resume-every-id-once export_resumed ndjson resumed.ndjson
check cli/export-csv-fault-then-printed-resume-one-header export_resumed csv resumed.csv

# Ctrl-C (SIGINT to the bin itself) while the second page hangs: exit 130, the first page whole
# in the file, and the resume command printed.
export_interrupted() {
  start_bg hang '^CREDIT_PLATFORM_API_KEY=' env FAIL_AT=2 HANG=1 "$NODE24" flaky-fake.mjs || return 1
  local fake_pid=${PIDS[-1]}
  (cd "$PROJECT" && exec env CREDIT_PLATFORM_BASE_URL="$(env_line hang CREDIT_PLATFORM_BASE_URL)" \
    CREDIT_PLATFORM_API_KEY="$(env_line hang CREDIT_PLATFORM_API_KEY)" "$CP" transactions export --out hung.ndjson) \
    2>"$WORK/hung.err" &
  local pid=$!
  for _ in $(seq 1 150); do grep -q '^exporting: ' "$WORK/hung.err" && break; sleep 0.1; done
  kill -INT "$pid"
  local rc=0
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && { kill -9 "$pid"; echo "still running 5 s after SIGINT"; cat "$WORK/hung.err"; return 1; }
  wait "$pid" || rc=$?
  kill -USR1 "$fake_pid"
  expect_rc 130 "$rc" || { cat "$WORK/hung.err"; return 1; }
  has "$WORK/hung.err" 'stopped after 100 transactions, 1 page' || return 1
  grep -q '^  npx credit-platform transactions export --format=ndjson --out=hung.ndjson --limit=100 --cursor=' "$WORK/hung.err" || return 1
  [ "$(wc -l <"$PROJECT/hung.ndjson")" -eq 100 ] && [ "$(tail -c 1 "$PROJECT/hung.ndjson" | od -An -c | tr -d ' ')" = '\n' ]
}
check cli/export-ctrl-c-while-a-page-hangs-exits-130-with-resume export_interrupted

generated_secret() {
  start_bg fake2 '^Trigger one' "$CP" fake --port 0 --forward-to "$HOOK" || return 1
  local generated
  generated=$(env_line fake2 CREDIT_PLATFORM_WEBHOOK_SECRET)
  [[ $generated == whsec_* ]] || return 1
  env CREDIT_PLATFORM_BASE_URL="$(env_line fake2 CREDIT_PLATFORM_BASE_URL)" CREDIT_PLATFORM_API_KEY="$(env_line fake2 CREDIT_PLATFORM_API_KEY)" \
    bash -c "cd '$PROJECT' && '$CP' webhooks trigger score.updated" >"$WORK/trigger2.out" 2>&1
  # The endpoint verifies with another secret: 401 (exit 1, explained), retried later, and the fake says so.
  expect_rc 1 $? && has "$WORK/trigger2.out" 'the endpoint refused the signature' || return 1
  has "$WORK/fake2.log" 'score.updated 401 in ' && has "$WORK/fake2.log" 'next attempt in 1 min' || return 1
  cp_run webhooks verify --secret "$generated" --signature "$(cat "$PROJECT/last-signature")" --file last-body.json |
    grep -q '^verified: score.updated evt_'
}
check cli/fake-generated-secret-printed-and-signs generated_secret

alias_fake() {
  start_bg alias '^CREDIT_PLATFORM_API_KEY=' node_modules/.bin/credit-platform-fake --port 0 --transactions 2 --send-webhooks || return 1
  env CREDIT_PLATFORM_BASE_URL="$(env_line alias CREDIT_PLATFORM_BASE_URL)" CREDIT_PLATFORM_API_KEY="$(env_line alias CREDIT_PLATFORM_API_KEY)" \
    bash -c "cd '$PROJECT' && '$CP' transactions export" 2>/dev/null >"$WORK/alias.ndjson" || return 1
  [ "$(wc -l <"$WORK/alias.ndjson")" -eq 2 ]
}
check cli/credit-platform-fake-alias-with-send-webhooks alias_fake

# The loop of docs/guides/local-development.md, with its server.mjs as written: the fake forwards
# a triggered deposit.created to the Express endpoint, which prints it.
guide_loop() {
  awk '/<!-- cli-check: server.mjs -->/ { grab = 1; next } grab && /^```/ { if (inside) exit; inside = 1; next } inside { print }' \
    docs/guides/local-development.md >"$PROJECT/server.mjs"
  grep -q createNodeWebhookHandler "$PROJECT/server.mjs" || { echo "no server.mjs block in the guide"; return 1; }
  local port
  port=$("$NODE24" -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
  start_bg guide-fake '^Trigger one' "$CP" fake --port 0 --forward-to "http://localhost:$port/webhooks" || return 1
  start_bg guide-server '^listening on ' env PORT="$port" CREDIT_PLATFORM_WEBHOOK_SECRET="$(env_line guide-fake CREDIT_PLATFORM_WEBHOOK_SECRET)" "$NODE24" server.mjs || return 1
  env CREDIT_PLATFORM_BASE_URL="$(env_line guide-fake CREDIT_PLATFORM_BASE_URL)" CREDIT_PLATFORM_API_KEY="$(env_line guide-fake CREDIT_PLATFORM_API_KEY)" \
    bash -c "cd '$PROJECT' && '$CP' webhooks trigger deposit.created --data '{\"amount\":\"25.00\"}'" || return 1
  # The sample deposit is named after its event (dep_<ref> for evt_<ref>).
  grep -qE 'deposit dep_([0-9a-f]+): 25\.00 USDC \(evt_\1\)' "$WORK/guide-server.log" ||
    { echo "no forwarded deposit named after its event in $WORK/guide-server.log:"; cat "$WORK/guide-server.log"; return 1; }
  has "$WORK/guide-fake.log" 'deposit.created 200 in '
}
check cli/guide-loop-express-receives-forwarded-deposit guide_loop

summary cli
