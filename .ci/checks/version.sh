#!/usr/bin/env bash
# Honest versions: between releases package.json holds the next pre-release (0.4.1-dev after
# 0.4.0), so a build of any other commit never packs or reports itself as the release.
set -uo pipefail
cd "$(dirname "$0")/../.."
npx --no-install tsx scripts/check-version.ts
