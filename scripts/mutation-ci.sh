#!/usr/bin/env bash
# CI's bounded mutation run: the lines of src/ changed since the last release, area by area
# (scripts/lib/mutation-areas.sh), each against its area's tests and at its area's break threshold
# (90% where the code guards secrets, money and network input, 85% elsewhere). Prints PASS/FAIL
# lines for .ci/run. The full run, scripts/mutation-areas.sh, is the release check (RELEASING.md).
#   bash scripts/mutation-ci.sh [--max-lines=N] [--base=REF]
# --base compares with another commit than the last release (e.g. a branch's merge base).
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
# A skipped Redis or PostgreSQL suite kills no mutant: missing servers fail the run instead.
export CREDIT_PLATFORM_REQUIRE_SYSTEM_SUITES=1
# shellcheck source=lib/mutation-areas.sh
. scripts/lib/mutation-areas.sh
max_lines=400
base=
for arg in "$@"; do
  case $arg in
    --max-lines=*) max_lines=${arg#*=} ;;
    --base=*) base=$(git rev-parse --verify "${arg#*=}^{commit}") || exit 2 ;;
    *) echo "usage: bash scripts/mutation-ci.sh [--max-lines=N] [--base=REF]" >&2; exit 2 ;;
  esac
done

# The last release, from the history alone (tags do not travel with a clone): its
# "Release x.y.z" commit, or the commit that set a version without a pre-release part.
[ -n "$base" ] || base=$(tsx scripts/last-release.ts --commit)
if [ -z "$base" ]; then
  echo "PASS mutation: no release yet to compare with"
  exit 0
fi
echo "mutation: lines of src/ changed since $(git log -1 --format='%h (%s)' "$base")"

# Changed line ranges per file, each with its area's index (the order of MUTATION_AREAS: guarded
# areas first), as Stryker's `file:start-end` selectors. The cap keeps CI bounded and takes the
# guarded areas first, so a cut never skips them for the rest.
area_lines=$(printf '%s\n' "${MUTATION_AREAS[@]}")
ranges=$(git diff -U0 "$base" HEAD -- 'src/*.ts' ':!src/**/index.ts' ':!src/**/types.ts' ':!src/index.ts' |
  awk '
    /^\+\+\+ b\// { file = substr($0, 7); next }
    /^@@/ {
      split($3, a, ","); start = substr(a[1], 2); count = (a[2] == "" ? 1 : a[2]);
      if (count == 0 || file == "") next;
      print count "\t" file ":" start "-" (start + count - 1)
    }' |
  AREAS=$area_lines NODE_NO_WARNINGS=1 node -e '
    const path = require("node:path");
    const areas = process.env.AREAS.split("\n").map((line) => line.split("|")[2].split(","));
    for (const row of require("node:fs").readFileSync(0, "utf8").split("\n").filter(Boolean)) {
      const file = row.split("\t")[1].replace(/:[0-9-]+$/, "");
      const index = areas.findIndex((globs) => globs.some((glob) => path.matchesGlob(file, glob)));
      if (index >= 0) console.log(`${index}\t${row}`);
    }' |
  sort -s -n -k1,1 | awk -v max="$max_lines" -F'\t' '
      { if (total + $2 > max) { cut = 1; next } total += $2; print $1 "\t" $3 }
      END { if (cut) print "mutation: capped at " total + 0 " of the changed lines (--max-lines=" max "); the full run at release covers the rest" > "/dev/stderr" }')

mkdir -p .tmp reports/mutation
for index in "${!MUTATION_AREAS[@]}"; do
  line=${MUTATION_AREAS[$index]}
  IFS='|' read -r name threshold _ <<<"$line"
  mapfile -t selectors < <(printf '%s\n' "$ranges" | awk -F'\t' -v i="$index" '$1 == i { print $2 }')
  [ "${#selectors[@]}" -gt 0 ] || continue
  config=.tmp/stryker-ci-$name.config.mjs
  # The area's config, not incremental (CI starts clean), its report apart from the full run's.
  mutation_config "$line" "$config" false "ci-$name"
  sed -i "s|reports/mutation/areas/ci-$name.json|reports/mutation/ci-$name.json|" "$config"
  log=.tmp/mutation-ci-$name.log
  started=$SECONDS
  # One --mutate holding every selector, comma-separated: Stryker keeps only the last of several.
  if stryker run "$config" --mutate "$(IFS=,; printf '%s' "${selectors[*]}")" >"$log" 2>&1; then
    echo "PASS mutation $name (${#selectors[@]} ranges, break $threshold%): $(grep -oE 'Final mutation score (of )?[0-9.]+' "$log" | tail -1) in $((SECONDS - started)) s"
  else
    tail -40 "$log"
    echo "FAIL mutation $name (${#selectors[@]} ranges, break $threshold%): see $log"
  fi
done
