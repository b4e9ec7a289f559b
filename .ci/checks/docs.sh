#!/usr/bin/env bash
# The API reference must build with no warnings (typedoc.json: treatWarningsAsErrors, and the
# notExported, invalidLink and notDocumented validations), and every public export must carry an
# @example. One typedoc run writes both the site (docs/api) and the JSON model the example check reads.
set -euo pipefail
mkdir -p .tmp
rm -f .tmp/api.json
npx typedoc --json .tmp/api.json
npx tsx scripts/check-examples-in-docs.ts --json .tmp/api.json
