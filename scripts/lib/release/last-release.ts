// "The last release" without tags: tags stay on the machine that made them (a clone, a CI
// checkout or a copied tree has none), but the history always holds the release commit. The
// release command writes it as `Release <version>`, with that version in package.json; before
// that convention, the newest commit that set package.json to a version without a pre-release
// part is the release.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSemver } from './semver.js';

export interface ReleaseCommit {
  /** The full commit id. */
  commit: string;
  version: string;
}

function git(root: string, args: string[]): string | undefined {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return result.status === 0 ? result.stdout : undefined;
}

/** package.json's version at `commit`, if it has a package.json with one. */
function versionAt(root: string, commit: string): string | undefined {
  const text = git(root, ['show', `${commit}:package.json`]);
  if (text === undefined) return undefined;
  try {
    const version = (JSON.parse(text) as { version?: unknown }).version;
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

const isRelease = (version: string | undefined): version is string =>
  version !== undefined && isSemver(version) && !/^[^+]*-/.test(version);

/**
 * The newest release commit reachable from `ref` (default `HEAD`): a `Release <version>` commit
 * whose package.json holds that version, else the newest commit that changed package.json's
 * version to one without a pre-release part; `undefined` when there is none.
 */
export function lastRelease(root: string, ref = 'HEAD'): ReleaseCommit | undefined {
  const subjects = git(root, ['log', '--format=%H %s', ref]) ?? '';
  for (const line of subjects.split('\n')) {
    const match = /^([0-9a-f]{40}) Release (\S+)$/.exec(line);
    if (match && isRelease(match[2]) && versionAt(root, match[1] as string) === match[2]) {
      return { commit: match[1] as string, version: match[2] as string };
    }
  }
  const touched = git(root, ['log', '--format=%H', '-G', '"version"', ref, '--', 'package.json']) ?? '';
  for (const commit of touched.split('\n').filter(Boolean)) {
    const version = versionAt(root, commit);
    if (isRelease(version) && versionAt(root, `${commit}^`) !== version) return { commit, version };
  }
  return undefined;
}

/**
 * The version `main` carries right after releasing `version`: the next patch as a pre-release
 * (`0.5.0` gives `0.5.1-dev`), so that every build past the release commit says it is not that
 * release, and orders after it and before whatever is released next (0.5.1 or 0.6.0). After a
 * pre-release (`1.0.0-rc.1`) it is `1.0.0-rc.1.dev`.
 */
export function nextDevVersion(version: string): string {
  const core = /^(\d+)\.(\d+)\.(\d+)(-[^+]+)?/.exec(version);
  if (!core) throw new TypeError(`not a semantic version: ${version}`);
  const [, major, minor, patch, pre] = core;
  return pre ? `${major}.${minor}.${patch}${pre}.dev` : `${major}.${minor}.${Number(patch) + 1}-dev`;
}

/**
 * Why a build of this tree would report a version it is not, or `undefined` when it would not:
 * package.json may hold a version without a pre-release part only on its `Release <version>`
 * commit, or while the release command checks the tree it is about to commit (the version in
 * the working tree then differs from HEAD's).
 */
export function versionProblem(root: string): string | undefined {
  const tree = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  if (!isRelease(tree)) return undefined;
  const head = git(root, ['log', '-1', '--format=%h %s'])?.trim() ?? '';
  if (versionAt(root, 'HEAD') !== tree) return undefined;
  if (head.endsWith(` Release ${tree}`)) return undefined;
  return (
    `package.json says ${tree}, but HEAD (${head}) is not the commit "Release ${tree}": a build of it would ` +
    `pack and report itself as ${tree}. Set the version to ${nextDevVersion(tree)} in package.json and package-lock.json ` +
    '(npm run release does so right after each release; RELEASING.md, "Versions").'
  );
}
