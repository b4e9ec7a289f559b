#!/usr/bin/env bash
# api/exports.md, the readable list of every entry point's exports (name, kind, one line of
# TSDoc), against what the sources give: it cannot drift (npm run exports:update rewrites it).
set -uo pipefail
cd "$(dirname "$0")/../.."
npm run --silent check:exports
