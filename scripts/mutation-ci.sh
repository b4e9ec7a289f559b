#!/usr/bin/env bash
# CI's bounded mutation run: the lines of src/ changed since the last release, at the break
# threshold of their area (90% where the code guards secrets, money and network input, 85%
# elsewhere). Prints PASS/FAIL lines for .ci/run. The full run is the release check (RELEASING.md).
#   bash scripts/mutation-ci.sh [--max-lines=N] [--base=REF]
# --base compares with another commit than the last release (e.g. a branch's merge base).
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
max_lines=400
base=
for arg in "$@"; do
  case $arg in
    --max-lines=*) max_lines=${arg#*=} ;;
    --base=*) base=$(git rev-parse --verify "${arg#*=}^{commit}") || exit 2 ;;
    *) echo "usage: bash scripts/mutation-ci.sh [--max-lines=N] [--base=REF]" >&2; exit 2 ;;
  esac
done

# The last release: its tag, or (in a clone without tags) the commit that last set the version.
[ -n "$base" ] || base=$(git describe --tags --abbrev=0 --match 'v[0-9]*' 2>/dev/null ||
  git log -1 --format=%H -G'^  "version":' -- package.json)
if [ -z "$base" ]; then
  echo "PASS mutation: no release yet to compare with"
  exit 0
fi
echo "mutation: lines of src/ changed since $(git log -1 --format='%h (%s)' "$base")"

guarded='^src/(webhooks|core/redaction|core/transport|core/pagination|cli/output|redis|postgres)/'
# Changed line ranges per file, as Stryker's `file:start-end` selectors; the cap keeps CI bounded
# and takes guarded areas first, so a cut never skips them for the rest.
ranges=$(git diff -U0 "$base" HEAD -- 'src/*.ts' ':!src/**/index.ts' ':!src/**/types.ts' ':!src/index.ts' |
  awk -v max="$max_lines" -v guarded="$guarded" '
    /^\+\+\+ b\// { file = substr($0, 7); next }
    /^@@/ {
      split($3, a, ","); start = substr(a[1], 2); count = (a[2] == "" ? 1 : a[2]);
      if (count == 0 || file == "") next;
      print (file ~ guarded ? 0 : 1) "\t" count "\t" file ":" start "-" (start + count - 1)
    }' | sort -s -n -k1,1 | awk -v max="$max_lines" -F'\t' '
      { if (total + $2 > max) { cut = 1; next } total += $2; print $1 "\t" $3 }
      END { if (cut) print "mutation: capped at " total " of the changed lines (--max-lines=" max "); the full run at release covers the rest" > "/dev/stderr" }')

run_area() {
  local name=$1 threshold=$2
  shift 2
  [ "$#" -gt 0 ] || { echo "PASS mutation $name: no changed lines"; return 0; }
  # Stryker's command line has no option for the break threshold, and reads `--incremental false`
  # as a config file named "false": the area's settings go in a config of its own.
  local config=".tmp/stryker-ci-$name.config.mjs"
  cat >"$config" <<EOF
import base from '../stryker.config.mjs';
export default {
  ...base,
  incremental: false,
  thresholds: { ...base.thresholds, break: $threshold },
  reporters: ['clear-text', 'json'],
  jsonReporter: { fileName: 'reports/mutation/ci-$name.json' },
};
EOF
  # One --mutate holding every selector, comma-separated: Stryker keeps only the last of several.
  local selectors
  selectors=$(IFS=,; printf '%s' "$*")
  if stryker run "$config" --mutate "$selectors" >".tmp/mutation-$name.log" 2>&1; then
    echo "PASS mutation $name ($# ranges, break $threshold%): $(grep -oE 'Final mutation score (of )?[0-9.]+' ".tmp/mutation-$name.log" | tail -1)"
  else
    tail -40 ".tmp/mutation-$name.log"
    echo "FAIL mutation $name ($# ranges, break $threshold%): see .tmp/mutation-$name.log"
  fi
}

mkdir -p .tmp
mapfile -t guarded_ranges < <(printf '%s\n' "$ranges" | awk -F'\t' '$1 == 0 { print $2 }')
mapfile -t other_ranges < <(printf '%s\n' "$ranges" | awk -F'\t' '$1 == 1 { print $2 }')
run_area guarded 90 "${guarded_ranges[@]}"
run_area rest 85 "${other_ranges[@]}"
