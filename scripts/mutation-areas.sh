#!/usr/bin/env bash
# The full mutation run, area by area (scripts/lib/mutation-areas.sh): the release check. Each area
# keeps its own incremental file under reports/mutation/areas/, so a second run tests only what
# changed, and an interrupted run loses one area, not all. Prints one line per area and a table.
#   bash scripts/mutation-areas.sh [area ...]     (no area: all of them)
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
# A skipped Redis or PostgreSQL suite kills no mutant: missing servers fail the run instead.
export CREDIT_PLATFORM_REQUIRE_SYSTEM_SUITES=1
# shellcheck source=lib/mutation-areas.sh
. scripts/lib/mutation-areas.sh
mkdir -p .tmp reports/mutation/areas
failed=0
for line in "${MUTATION_AREAS[@]}"; do
  IFS='|' read -r name threshold _ <<<"$line"
  if [ "$#" -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then continue; fi
  config=.tmp/stryker-area-$name.config.mjs
  mutation_config "$line" "$config" true
  started=$(date +%s)
  if stryker run "$config" >".tmp/mutation-area-$name.log" 2>&1; then verdict=PASS; else verdict=FAIL; failed=1; fi
  echo "$verdict mutation $name: $(grep -oE 'Final mutation score (of )?[0-9.]+' ".tmp/mutation-area-$name.log" | tail -1 ||
    echo 'no score'), break $threshold%; $(($(date +%s) - started)) s; log .tmp/mutation-area-$name.log"
done
node scripts/mutation-table.mjs reports/mutation/areas
exit $failed
