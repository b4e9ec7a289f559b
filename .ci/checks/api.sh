#!/usr/bin/env bash
# The public API surface: the built declarations of every entry point against the reports in
# api/ (npm run check:api; RELEASING.md says what a difference means for the version).
set -uo pipefail
cd "$(dirname "$0")/../.."
npm run --silent check:api
