#!/usr/bin/env bash
# Packaging checks on the packed tarball: build, `npm pack` into .tmp/pack/, then
# publint and @arethetypeswrong/cli on that tarball, plus a look at what it ships.
#   bash scripts/pack-check.sh            # build with tsup, pack, check
#   SKIP_BUILD=1 bash scripts/pack-check.sh   # pack the dist/ that is there
# Prints `PASS <check>` / `FAIL <check>` per check; exits 1 when any check failed.
source "$(dirname "$0")/lib/common.sh"
SUMMARY_LABEL=pack-check
require_node24
ensure_tarball
echo "tarball: ${TARBALL#$ROOT/}"

# publint: --strict turns warnings into failures (suggestions are only printed).
in_root() { (cd "$ROOT" && "$@"); }
check publint in_root npx --no-install publint run --strict "$TARBALL"

# attw on the tarball, every entry point in the exports map, every resolution mode
# except these two, on purpose:
# - `--profile node16` leaves out `node10` resolution (`moduleResolution: node`), which
#   cannot see an exports map at all, so no subpath resolves there. TypeScript 6
#   deprecates node10, and our types-in-exports layout is what every supported mode reads.
# - `--ignore-rules cjs-resolves-to-esm`: the package is ESM-only by decision; on our
#   support matrix (Node 22.12+) `require()` of an ES module works and CommonJS and ESM
#   users share one module instance (that is how `instanceof` holds). attw 0.18 bundles
#   TypeScript 5.6, which predates require(esm) typing, so it reports node16-from-CJS as
#   "dynamic import only". TypeScript >= 5.8 with `module: nodenext` types `require()` of
#   ESM, which scripts/consumers.sh proves (ts-nodenext's .cts file, cjs consumer).
#   With `module: node16` a CommonJS TypeScript file must use `await import()`; that is
#   documented and proven by ts-node16's dynamic-import file. Every other node16-CJS
#   problem (no resolution, untyped, false ESM/CJS, ...) still fails this check.
check attw in_root npx --no-install attw "$TARBALL" --profile node16 --ignore-rules cjs-resolves-to-esm \
  --format ascii --no-color --no-emoji

# The tarball ships dist/ (every file the exports map names) plus package.json,
# README.md, CHANGELOG.md, LICENSE; never sources, tests, maps of other trees or .tmp.
tarball_contents() {
  "$NODE24" --input-type=module - "$TARBALL" <<'JS'
import { execFileSync } from 'node:child_process';
const tarball = process.argv[2];
const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
  .split('\n').filter(Boolean).map((f) => f.replace(/^package\//, ''));
const pkg = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
const problems = [];
const allowed = /^(dist\/.+|package\.json|README\.md|CHANGELOG\.md|LICENSE(\.md)?)$/;
for (const f of files) if (!allowed.test(f)) problems.push(`unexpected file in tarball: ${f}`);
const targets = [];
const walk = (v) => {
  if (typeof v === 'string') targets.push(v);
  else if (v && typeof v === 'object') Object.values(v).forEach(walk);
};
walk(pkg.exports);
for (const t of targets) if (!files.includes(t.replace(/^\.\//, ''))) problems.push(`exports target missing: ${t}`);
for (const f of ['README.md', 'CHANGELOG.md']) if (!files.includes(f)) console.log(`note: ${f} not in the tarball yet`);
if (pkg.type !== 'module') problems.push('package.json "type" is not "module"');
if (!pkg.engines?.node) problems.push('package.json has no engines.node');
console.log(`${files.length} files; exports: ${Object.keys(pkg.exports).join(', ')}`);
if (problems.length) { console.error(problems.join('\n')); process.exit(1); }
JS
}
check tarball-contents tarball_contents

summary pack-check
