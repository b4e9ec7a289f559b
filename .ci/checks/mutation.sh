#!/usr/bin/env bash
# Mutation testing on the lines of src/ changed since the last release, at each area's floor
# (scripts/mutation-ci.sh). Capped at 60 changed lines, guarded areas first: 100 s in CI on
# these 2-core machines (3 min beside four other mutation runs); the full run
# (scripts/mutation-areas.sh) is the release check.
set -uo pipefail
cd "$(dirname "$0")/../.."
exec bash scripts/mutation-ci.sh --max-lines=60
