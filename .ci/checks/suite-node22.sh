#!/usr/bin/env bash
# The whole vitest suite again on Node 22, the oldest Node the package supports (.ci/run has run
# it on Node 24): scripts/suite-on-node.sh. A check of its own, apart from packaging, so that
# .ci/run can keep it from running beside the other heavy check (mutation).
set -uo pipefail
cd "$(dirname "$0")/../.."
exec bash scripts/suite-on-node.sh 22
