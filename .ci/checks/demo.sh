#!/usr/bin/env bash
# `npm run demo` must run the SDK's main jobs end to end against the fake, with real results.
set -euo pipefail
out=$(npm run --silent demo)
echo "$out" | tail -5
grep -q '^account acc_' <<<"$out"
grep -q 'signature verified = true' <<<"$out"
grep -qE '^read [0-9]+ transactions in [0-9]+ pages' <<<"$out"
grep -qE '^rate limit: [0-9]+/[0-9]+ left' <<<"$out"
# npm on a Node older than 22 prints EBADENGINE blocks before the demo; its last line says what they mean.
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 22 ]; then
  tail -1 <<<"$out" | grep -q '^note: the "npm warn EBADENGINE" lines above are harmless'
fi
