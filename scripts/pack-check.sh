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

# attw on the tarball, every entry point in the exports map, every resolution mode of its
# `node16` profile, no rule ignored. The profile leaves out `node10` resolution
# (`moduleResolution: node`), which cannot see an exports map at all, so no subpath resolves
# there; TypeScript 6 deprecates it.
check attw in_root npx --no-install attw "$TARBALL" --profile node16 --format ascii --no-color --no-emoji

# The tarball ships exactly the files scripts/lib/package-files.ts lists (the list
# .ci/checks/publish-dry-run.sh holds `npm publish` to): dist/ plus package.json, README.md,
# CHANGELOG.md, LICENSE; never sources, tests, maps of other trees or .tmp.
file_list() {
  tar -tzf "$TARBALL" | sed 's#^package/##' | (cd "$ROOT" && "$NODE24" --import tsx scripts/check-package-files.ts tarball)
}
check file-list file_list

# Every file the exports map names is in it, in the layout packaging/README.md describes.
tarball_contents() {
  local entries
  entries="$(cd "$ROOT" && "$NODE24" --import tsx -e 'import("./tsup.config.ts").then((m) => console.log(JSON.stringify(Object.keys(m.ENTRIES))))')" || return 1
  "$NODE24" --input-type=module - "$TARBALL" "$entries" <<'JS'
import { execFileSync } from 'node:child_process';
const tarball = process.argv[2];
const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
  .split('\n').filter(Boolean).map((f) => f.replace(/^package\//, ''));
const pkg = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
const problems = [];
const targets = [];
const walk = (v) => {
  if (typeof v === 'string') targets.push(v);
  else if (v && typeof v === 'object') Object.values(v).forEach(walk);
};
walk(pkg.exports);
for (const t of targets) if (!files.includes(t.replace(/^\.\//, ''))) problems.push(`exports target missing: ${t}`);
// The layout (packaging/README.md): each entry point serves `module-sync` (first, so that
// Node's own require() gets the ES module), `import` (ESM) and `require` (the CommonJS build),
// each with its own declarations; and every entry of tsup.config.ts has one.
const entries = JSON.parse(process.argv[3]);
const bySubpath = Object.fromEntries(Object.entries(pkg.exports).filter(([s]) => s !== './package.json'));
const want = (name) => ({
  'module-sync': { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` },
  import: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` },
  require: { types: `./dist/${name}.d.cts`, default: `./dist/${name}.cjs` },
});
const served = new Set();
for (const [subpath, target] of Object.entries(bySubpath)) {
  const name = target?.import?.default?.match(/^\.\/dist\/(.+)\.js$/)?.[1];
  if (!name || JSON.stringify(target) !== JSON.stringify(want(name))) {
    problems.push(`exports["${subpath}"] is not the module-sync/import/require layout: ${JSON.stringify(target)}`);
  } else served.add(name);
}
for (const name of entries) if (!served.has(name)) problems.push(`tsup entry "${name}" has no block in package.json exports`);
for (const name of served) if (!entries.includes(name)) problems.push(`exports serves "${name}", which tsup.config.ts does not build`);
// No source maps (they would point at src/, which is not shipped).
for (const f of files) if (f.endsWith('.map')) problems.push(`source map shipped without its sources: ${f}`);
// The CommonJS build bundles ky (ESM-only): a require('ky') would crash at the first request.
// Its chunks reach each other by require() only: Jest's module runtime refuses import().
for (const f of files.filter((f) => f.endsWith('.cjs'))) {
  const text = execFileSync('tar', ['-xzOf', tarball, `package/${f}`], { encoding: 'utf8' });
  if (/require\(["']ky["']\)/.test(text)) problems.push(`${f} requires ky, which is ESM-only`);
  if (/\bimport\(/.test(text)) problems.push(`${f} has an import(), which Jest's module runtime refuses`);
}
for (const f of ['README.md', 'CHANGELOG.md']) if (!files.includes(f)) console.log(`note: ${f} not in the tarball yet`);
if (pkg.type !== 'module') problems.push('package.json "type" is not "module"');
if (!pkg.engines?.node) problems.push('package.json has no engines.node');
console.log(`${files.length} files; exports: ${Object.keys(pkg.exports).join(', ')}`);
if (problems.length) { console.error(problems.join('\n')); process.exit(1); }
JS
}
check tarball-contents tarball_contents

summary pack-check
