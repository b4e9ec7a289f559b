# Shared helpers for the packaging and runtime-matrix scripts (sourced, not run).
# Every check prints exactly one line, `PASS <name>` or `FAIL <name>`, so .ci/run can
# count them; the script exits non-zero when any check failed.

set -u -o pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TMP="$ROOT/.tmp"
# Node 24 from the node@24 devDependency; plain `node` on these machines is Node 20.
NODE24="$ROOT/node_modules/.bin/node"
NPM_INSTALL=(npm install --no-audit --no-fund --prefer-offline --loglevel=error)
LOG_DIR="$TMP/logs"
mkdir -p "$LOG_DIR"
# The projects made under .tmp stand for users' projects. The repository's tsconfig.json maps
# 'credit-platform' to src/ (so examples/ import the package by name), and esbuild and Bun apply
# the nearest tsconfig.json above a file: this empty one is nearer, so they resolve the package
# installed in the project, as a user's tools would.
printf '{}\n' >"$TMP/tsconfig.json"

PASSED=0
FAILED=0
FAILED_NAMES=()

pass() { PASSED=$((PASSED + 1)); echo "PASS $1"; }
fail() {
  FAILED=$((FAILED + 1)); FAILED_NAMES+=("$1"); echo "FAIL $1"
  if [ -n "${2:-}" ] && [ -f "$2" ]; then
    echo "----- output of $1 (last 40 lines of $2) -----"
    tail -n 40 "$2" | sed 's/^/    /'
    echo "-----"
  fi
}

# check NAME CMD...: runs CMD with its output in $LOG_DIR/NAME.log; PASS/FAIL on exit code.
check() {
  local name="$1"; shift
  local log="$LOG_DIR/${name//\//_}.log"
  if "$@" >"$log" 2>&1; then pass "$name"; else fail "$name" "$log"; return 1; fi
}

summary() {
  local label="$1"
  echo "$label: $PASSED passed, $FAILED failed"
  if [ "$FAILED" -gt 0 ]; then
    printf '  failed: %s\n' "${FAILED_NAMES[@]}"
    exit 1
  fi
  exit 0
}

require_node24() {
  if [ ! -x "$NODE24" ] || [ "$("$NODE24" -p 'process.versions.node.split(".")[0]')" != "24" ]; then
    echo "FAIL setup-node24 ($NODE24 is missing or not Node 24: run npm ci first)"
    exit 1
  fi
}

# install_tools DIR ALLOW PACKAGE...: a throwaway project per tool, so its install scripts can be
# allowed by name the way npm 11 wants it (an "allowScripts" field in package.json;
# --allow-scripts is refused in project-scoped installs and must not go into .npmrc, see
# TOOLCHAIN.md).
install_tools() {
  local dir="$1" allow="$2"; shift 2
  mkdir -p "$dir"
  printf '{ "private": true, "allowScripts": %s }\n' "$allow" >"$dir/package.json"
  (cd "$dir" && "${NPM_INSTALL[@]}" "$@")
}

# Node 22, the oldest Node the package supports, from npm (node@22) into .tmp/node22.
NODE22="$TMP/node22/node_modules/.bin/node"
node22_is_there() {
  [ -x "$NODE22" ] && "$NODE22" -e 'const [M, m] = process.versions.node.split(".").map(Number); process.exit(M === 22 && m >= 12 ? 0 : 1)'
}
# ensure_node22: installs Node 22 unless it is there. Under a lock: .ci/run runs the suite's
# Node 22 pass and the runtime matrix side by side, and both need it.
ensure_node22() {
  (
    flock 9
    node22_is_there && exit 0
    install_tools "$TMP/node22" '{ "node": true }' node@22 || exit 1
    node22_is_there || { echo "$NODE22 is $("$NODE22" -v 2>&1), want 22.12+"; exit 1; }
  ) 9>"$TMP/node22.lock"
}

# ensure_tarball: builds dist/ (unless SKIP_BUILD=1) and packs it into .tmp/pack/.
# Sets TARBALL. With REUSE_PACK=1 an existing .tmp/pack/credit-platform-*.tgz is reused
# (.ci/run packs once in pack-check.sh, then the other scripts reuse that tarball).
# PACK_TARBALL=/path/to/x.tgz checks that tarball instead.
ensure_tarball() {
  local packdir="$TMP/pack"
  if [ -n "${PACK_TARBALL:-}" ]; then TARBALL="$(cd "$(dirname "$PACK_TARBALL")" && pwd)/$(basename "$PACK_TARBALL")"; return 0; fi
  if [ "${REUSE_PACK:-0}" = "1" ]; then
    TARBALL="$(ls -t "$packdir"/credit-platform-*.tgz 2>/dev/null | head -n 1 || true)"
    if [ -n "$TARBALL" ]; then return 0; fi
  fi
  if [ "${SKIP_BUILD:-0}" != "1" ]; then
    # `npx` runs tsup on Node 24 (node@24 devDependency), like the npm scripts do.
    (cd "$ROOT" && npx tsup) >"$LOG_DIR/build.log" 2>&1 \
      || { fail build "$LOG_DIR/build.log"; summary "${SUMMARY_LABEL:-packaging}"; }
  fi
  rm -rf "$packdir" && mkdir -p "$packdir"
  local name
  name="$(cd "$ROOT" && npm pack --pack-destination "$packdir" --loglevel=error 2>"$LOG_DIR/pack.log" | tail -n 1)" \
    || { fail npm-pack "$LOG_DIR/pack.log"; summary "${SUMMARY_LABEL:-packaging}"; }
  TARBALL="$packdir/$name"
  [ -f "$TARBALL" ] || { echo "npm pack printed '$name' but $TARBALL is missing" >>"$LOG_DIR/pack.log"; fail npm-pack "$LOG_DIR/pack.log"; summary "${SUMMARY_LABEL:-packaging}"; }
}

# setup_consumer NAME [BASE]: copies packaging/consumers/NAME to BASE/NAME (default
# .tmp/consumers) and installs
# the packed tarball there (plus the package's peerDependencies, if it declares any, so
# that every entry point can load). ky and zod come from the npm registry / warm cache.
setup_consumer() {
  local name="$1" base="${2:-$TMP/consumers}"
  local dir="$base/$name"
  rm -rf "$dir" && mkdir -p "$base" && cp -R "$ROOT/packaging/consumers/$name" "$dir"
  # The TypeScript consumers share one typed usage file; only their tsconfig differs.
  case "$name" in ts-*) cp "$ROOT/packaging/consumers/shared/usage.ts" "$dir/usage.ts" ;; esac
  case "$name" in ts-nodenext | ts-node16) cp "$ROOT/packaging/consumers/shared/usage-cjs.cts" "$dir/usage-cjs.cts" ;; esac
  local peers=()
  mapfile -t peers < <("$NODE24" -e '
    const { execFileSync } = require("node:child_process");
    const pkg = JSON.parse(execFileSync("tar", ["-xzOf", process.argv[1], "package/package.json"], { encoding: "utf8" }));
    // The range the project develops against (devDependencies) when it has one: npm runs
    // on Node 20 here and picks engine-compatible versions, so a peer range like
    // "^2 || ^3" would install msw 2 although the project tests with msw 3.
    const dev = JSON.parse(require("node:fs").readFileSync(process.argv[2], "utf8")).devDependencies ?? {};
    for (const [n, r] of Object.entries(pkg.peerDependencies ?? {})) console.log(`${n}@${dev[n] ?? r}`);
  ' "$TARBALL" "$ROOT/package.json")
  (cd "$dir" && "${NPM_INSTALL[@]}" "$TARBALL" "${peers[@]}")
}

# offline CMD...: runs CMD in a fresh network namespace whose only interface is loopback, so
# any connection to anything but 127.0.0.1 / ::1 fails (DNS included). Needs root or user
# namespaces (CI runs as root).
offline() {
  unshare --net sh -c 'ip link set lo up && exec "$@"' offline "$@"
}

# has_export SUBPATH: whether the packed tarball's exports map has SUBPATH (e.g. ./redis).
has_export() {
  tar -xzOf "$TARBALL" package/package.json | "$NODE24" -e '
    const pkg = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
    process.exit(pkg.exports && pkg.exports[process.argv[1]] ? 0 : 1);
  ' "$1"
}

# write_entry_imports DIR EXT [SKIP...]: writes DIR/all-entries.EXT, a typed import of
# every subpath in the installed package's exports map (so a new entry point is covered
# without edits), except the SKIP subpaths (e.g. ./testing/msw).
write_entry_imports() {
  local dir="$1" ext="$2"; shift 2
  "$NODE24" -e '
    const fs = require("node:fs");
    const [dir, ext, ...skip] = process.argv.slice(1);
    const pkg = JSON.parse(fs.readFileSync(`${dir}/node_modules/credit-platform/package.json`, "utf8"));
    const subpaths = Object.keys(pkg.exports).filter((s) => !s.endsWith(".json") && !skip.includes(s));
    const lines = ["// Generated by scripts/consumers.sh: every entry point of the exports map, with types."];
    subpaths.forEach((s, i) => lines.push(`import * as entry${i} from "credit-platform${s.slice(1)}";`));
    lines.push(`export const entries = [${subpaths.map((_, i) => `entry${i}`).join(", ")}] as const;`);
    // Under strict mode an untyped entry point is an implicit-any error (TS7016), so this
    // file only compiles when each entry point resolves to its declarations.
    fs.writeFileSync(`${dir}/all-entries.${ext}`, lines.join("\n") + "\n");
  ' "$dir" "$ext" "$@"
}
