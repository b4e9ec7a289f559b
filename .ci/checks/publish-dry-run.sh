#!/usr/bin/env bash
# What `npm publish` would upload (the release workflow publishes each v* tag): exactly the
# files scripts/lib/package-files.ts lists, the list check:pack holds the tarball to, and a
# package.json that npm publishes as written (npm "auto-corrects" fields it finds invalid, and
# may drop them, e.g. a "bin" entry).
set -uo pipefail
cd "$(dirname "$0")/../.."
NODE24=./node_modules/.bin/node
mkdir -p .tmp
[ -f dist/index.js ] || npm run --silent build >/dev/null || exit 1
# Between releases package.json holds a pre-release (0.5.0-dev), which npm publishes only under a
# dist-tag of its own: never `latest`.
tag=()
case "$("$NODE24" -p 'require("./package.json").version')" in *-*) tag=(--tag next) ;; esac
if ! npm publish --dry-run --json "${tag[@]}" >.tmp/publish-dry-run.json 2>.tmp/publish-dry-run.err; then
  grep -v EBADENGINE .tmp/publish-dry-run.err
  echo "npm publish --dry-run failed"
  exit 1
fi
if grep -q 'auto-corrected' .tmp/publish-dry-run.err; then
  grep 'npm warn publish' .tmp/publish-dry-run.err
  echo "npm would rewrite package.json on publish: fix those fields (npm pkg fix shows how)"
  exit 1
fi
# npm 11 keys the report by package name; older npm printed the report itself.
"$NODE24" -e '
  const report = JSON.parse(require("fs").readFileSync(".tmp/publish-dry-run.json", "utf8"));
  const files = (report.files ? report : Object.values(report)[0]).files;
  for (const file of files) console.log(file.path);
' | "$NODE24" --import tsx scripts/check-package-files.ts "npm publish --dry-run"
