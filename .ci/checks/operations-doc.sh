#!/usr/bin/env bash
# docs/design/operations.md is generated from OPERATIONS: fail when the committed file is stale.
set -euo pipefail
npm run --silent docs:operations -- --check
