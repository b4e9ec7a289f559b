#!/usr/bin/env bash
# Every ts/typescript/js/javascript code block of README.md (and docs/guides/*.md) type-checks
# against this tree's sources: strict, nodenext. Errors are reported as README.md:<line>:<column>.
# A block opts out with `<!-- snippet: skip -->` on the line before its fence.
set -euo pipefail
cd "$(dirname "$0")/../.."
npx --no-install tsx scripts/check-readme-snippets.ts
