#!/usr/bin/env bash
# Bundle-size budget (deterministic, so it gates CI; timings never do): esbuild, minified, gzip -9,
# on the built package as users import it. Prints one PASS/FAIL line per budget with the sizes.
# .ci/run has already built dist/; run alone, it builds first.
set -uo pipefail
cd "$(dirname "$0")/../.."
[ -f dist/index.js ] && [ -f dist/webhooks.js ] || npm run build >/dev/null || { echo "FAIL size budget: build failed"; exit 1; }
npx --no-install tsx bench/size/budget.ts
