#!/usr/bin/env bash
# Every example runs to completion against the testing kit's fake through the runner
# (`npm run example -- <name>`), within 60 s, exits 0 and prints the lines it prints on success.
# One PASS/FAIL line per example; exits non-zero if any failed. (The examples are type-checked
# by `npm run typecheck`: tsconfig.json includes examples/.)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=.tmp/examples
rm -rf "$out"
mkdir -p "$out"
# Always the in-process fake, never a service configured in the environment.
unset CREDIT_PLATFORM_BASE_URL CREDIT_PLATFORM_API_KEY CREDIT_PLATFORM_WEBHOOK_SECRET WEBHOOK_URL

if [ "$(npm pkg get scripts.example)" = '"tsx examples/run.ts"' ]; then
  runner=(npm run --silent example --)
else
  echo 'note: package.json has no "example": "tsx examples/run.ts" script; running the runner with npx tsx'
  runner=(npx --no-install tsx examples/run.ts)
fi

failed=0

# run_example LABEL ARGS... -- PATTERN...: runs the runner with ARGS; passes when it exits 0 within
# 60 s and its output matches every extended-regex PATTERN.
run_example() {
  local label=$1
  shift
  local args=()
  while [ "$1" != "--" ]; do
    args+=("$1")
    shift
  done
  shift
  local log="$out/$label.log" rc=0
  timeout --kill-after=5 60 "${runner[@]}" "${args[@]}" >"$log" 2>&1 || rc=$?
  local missing=()
  local pattern
  for pattern in "$@"; do
    grep -qE -- "$pattern" "$log" || missing+=("$pattern")
  done
  if [ "$rc" -eq 0 ] && [ "${#missing[@]}" -eq 0 ]; then
    echo "PASS $label"
  else
    local why="exit $rc"
    [ "$rc" -eq 124 ] && why="timed out after 60 s"
    [ "${#missing[@]}" -gt 0 ] && why="$why; missing output: ${missing[*]}"
    echo "FAIL $label ($why)"
    tail -n 25 "$log" | sed 's/^/    /'
    failed=$((failed + 1))
  fi
}

# assert LABEL COMMAND...: one PASS/FAIL line for a check on an example's output.
assert() {
  local label=$1
  shift
  if "$@"; then
    echo "PASS $label"
  else
    echo "FAIL $label"
    failed=$((failed + 1))
  fi
}

run_example list -- '^  quickstart ' '^  express '

run_example quickstart quickstart -- \
  '^account acc_' '^read [0-9]+ transactions in [0-9]+ pages' 'signature verified = true' '^rate limit: [0-9]+/[0-9]+ left'

run_example export-transactions export-transactions "$out/transactions.jsonl" -- \
  '^progress: 1000 transactions, 10 pages' '^exported 5000 transactions in 50 pages to .* \([0-9]+ bytes'
lines_are_5000_unique_ids() {
  [ "$(wc -l <"$out/transactions.jsonl")" -eq 5000 ] &&
    [ "$(grep -oE '^\{"id":"[^"]+"' "$out/transactions.jsonl" | sort -u | wc -l)" -eq 5000 ]
}
assert "export-transactions (file has 5000 lines, 5000 distinct ids)" lines_are_5000_unique_ids

# An export stopped after 7 pages, then resumed, must equal the uninterrupted one byte for byte.
run_example export-transactions-interrupted export-transactions "$out/resumed.jsonl" --max-pages 7 -- \
  'stopped after 7 pages' 'continue with --resume'
printf '{"id":"tx_half_written' >>"$out/resumed.jsonl" # a page that did not finish
run_example export-transactions-resume export-transactions "$out/resumed.jsonl" --resume -- \
  '^resuming after 700 transactions \(7 pages\)' '^exported 5000 transactions in 50 pages'
assert "export-transactions (resumed file identical to the uninterrupted one)" cmp -s "$out/resumed.jsonl" "$out/transactions.jsonl"

run_example error-handling error-handling -- \
  '^  RequestValidationError .*limit' '^  RequestValidationError .*url' '^    error item: field=limit code=INVALID_LIMIT' \
  '^  AuthenticationError \(status 401\)' '^  PermissionDeniedError \(status 403\)' '^  NotFoundError \(status 404\)' \
  '^  RateLimitError \(status 429\)' '^    reset: [0-9]{4}-' '^  InternalServerError \(status 503\)' \
  '^  APIConnectionError ' '^  APITimeoutError ' '^  APIUserAbortError ' '^  InvalidResponseError ' \
  '^error cases: 11 raised the expected class, 0 did not, 0 skipped'

run_example key-rotation key-rotation -- \
  '^new key verified' '^revoked key key_' '^old key rejected: AuthenticationError \(401\)' '^application still works' '^rotation complete'

run_example opentelemetry opentelemetry -- \
  '^span "accounts.me": GET /accounts/me -> 200, 2 attempt\(s\), ok' \
  '^  attempt span "GET /accounts/me" -> 200, resend 1' \
  '^span "deposits.retrieve": GET /deposits/\{depositId\} -> 404, 1 attempt\(s\), error 404 \(NotFoundError\)' \
  "^the failed call's error.requestId is its span's credit_platform.request_id: true" \
  '^3 call spans and 4 attempt spans recorded; key in any span: false'

for receiver in express fastify hono nextjs-route; do
  run_example "$receiver" "$receiver" -- \
    '^signed delivery evt_[0-9a-f]+: 200 \{"received":true\}' '^forged signature: 401' "^$receiver: delivery accepted \(200\), forgery rejected \(401\)"
done

echo
if [ "$failed" -gt 0 ]; then
  echo "$failed example check(s) failed; logs in $out/"
  exit 1
fi
echo "all example checks passed"
