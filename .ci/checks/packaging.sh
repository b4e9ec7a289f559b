#!/usr/bin/env bash
# The packed tarball: publint, attw, throwaway consumer projects (ESM, CJS, TS nodenext/node16/
# bundler, Jest with no network but loopback, an esbuild app; the testing guide's vitest example
# offline), and the runtime matrix (the esm/cjs/jest consumers on Node 22; Bun, Deno and a
# Web-only VM smoke test).
# .ci/run has already built dist/ and run the suite on Node 24; it runs the suite on Node 22 as a
# check of its own (suite-node22.sh).
set -uo pipefail
rc=0
SKIP_BUILD=1 bash scripts/pack-check.sh || rc=1
REUSE_PACK=1 bash scripts/consumers.sh || rc=1
REUSE_PACK=1 VITEST_NODES= bash scripts/runtime-matrix.sh || rc=1
exit $rc
