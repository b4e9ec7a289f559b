#!/usr/bin/env bash
# The linter and formatter (Biome): lint rules and formatting of src/, test/, examples/,
# scripts/, bench/ and packaging/. `npm run format` fixes what it can.
set -euo pipefail
npm run --silent lint
