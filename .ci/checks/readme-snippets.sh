#!/usr/bin/env bash
# Every ts/typescript/js/javascript code block of README.md (and docs/guides/*.md) type-checks
# against this tree's sources: strict, nodenext. So does every @example block of the doc comments
# in src/, in the same program. Errors are reported as README.md:<line>:<column> (src/<file>:<line>:<column>).
# Every block that prints is also run against a fresh fake, and what it prints must match its
# `// prints:` comments (none: it must print nothing); see the top of the script.
# A block opts out with `<!-- snippet: skip -->` (or of the run only, `<!-- snippet: no-run -->`)
# on the line before its fence.
set -euo pipefail
cd "$(dirname "$0")/../.."
npx --no-install tsx scripts/check-readme-snippets.ts
