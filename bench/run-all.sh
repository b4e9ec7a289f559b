#!/usr/bin/env bash
# `npm run bench`: every bench of the project in one go, after a build. Each prints ratios measured
# within its own run (never absolute targets: these machines are shared). With the peer harness
# next to the project (../shared/bench-peers), it also runs compare.sh (5-8 minutes) and redraws
# docs/benchmarks-paging.svg from its report. `npm run bench -- --no-peers` skips that part.
set -uo pipefail
cd "$(dirname "$0")/.."
npm run build >/dev/null || { echo "build failed"; exit 1; }
rc=0
for script in bench:read-ahead bench:webhooks bench:size bench:resources bench:ky-floor bench:overhead bench:fake; do
  echo
  echo "=== npm run $script"
  npm run --silent "$script" || rc=1
done
if [ "${1:-}" != "--no-peers" ] && [ -x ../shared/bench-peers/compare.sh ]; then
  echo
  echo "=== ../shared/bench-peers/compare.sh (peers, one run)"
  ../shared/bench-peers/compare.sh && npx tsx bench/peers/chart.ts .tmp/bench-peers/report.md docs/benchmarks-paging.svg docs/benchmarks-network.svg || rc=1
fi
exit $rc
