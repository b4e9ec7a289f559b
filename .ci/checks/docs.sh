#!/usr/bin/env bash
# The API reference must build with no warnings (typedoc.json: treatWarningsAsErrors, and the
# notExported, invalidLink and notDocumented validations), and every public export must carry an
# @example. One typedoc run writes both the site (docs/api) and the JSON model the example check reads.
# Then the site is read as a person reads it, in Debian's Chromium (scripts/docs-browser-check.ts):
# every page renders, the modules carry their import paths, errors are grouped apart, the search
# box finds the guides' and comments' words, and every link resolves. One PASS/FAIL line each.
set -euo pipefail
mkdir -p .tmp
rm -f .tmp/api.json
npx typedoc --json .tmp/api.json
npx tsx scripts/check-examples-in-docs.ts --json .tmp/api.json
npx tsx scripts/docs-browser-check.ts --screenshots .tmp/docs-screenshots
