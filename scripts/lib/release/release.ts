// `npm run release -- <version>` (RELEASING.md): the steps, with the commands it runs passed in,
// so that the tests can run it on a throwaway git repository without the checks.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { foldRelease } from './changelog.js';
import { compareSemver, isSemver } from './semver.js';

export class ReleaseRefused extends Error {
  override name = 'ReleaseRefused';
}

/** Runs a command in the repository; resolves to its exit status (output goes to the terminal). */
export type RunCommand = (command: string, args: string[]) => number;

export interface ReleaseOptions {
  root: string;
  version: string;
  /** `YYYY-MM-DD`, UTC. */
  date: string;
  /** The checks, each a command; the release stops at the first that fails. */
  checks: [string, string[]][];
  run: RunCommand;
  log: (line: string) => void;
}

/** The checks a real release runs, on the bumped tree, before it commits. */
export const RELEASE_CHECKS: [string, string[]][] = [
  ['npm', ['run', 'typecheck']],
  ['npm', ['run', 'lint']],
  ['npm', ['run', 'build']],
  ['npm', ['run', 'check:api']],
  ['npm', ['test']],
];

function git(root: string, args: string[]): string {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new ReleaseRefused(`git ${args.join(' ')} failed: ${result.stderr.trim()}`);
  return result.stdout;
}

/** The fragments waiting in changes/, in file name order (README.md is the folder's own doc). */
export function pendingFragments(root: string): { name: string; text: string }[] {
  const dir = join(root, 'changes');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .sort()
    .map((file) => ({ name: `changes/${file}`, text: readFileSync(join(dir, file), 'utf8') }));
}

/** `https://github.com/<owner>/<repo>` from package.json `repository`. */
export function repositoryUrl(pkg: { repository?: string | { url?: string } }): string {
  const raw = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  const url = raw
    ?.replace(/^git\+/, '')
    .replace(/\.git$/, '')
    .replace(/^github:/, 'https://github.com/');
  if (!url || !/^https:\/\/[^/]+\/[^/]+\/[^/]+$/.test(url)) {
    throw new ReleaseRefused('package.json has no "repository" URL (https://github.com/<owner>/<repo>) for the compare links');
  }
  return url;
}

/** Refusals that need nothing changed yet: a bad version, a dirty tree, an existing tag. */
export function refusals(root: string, version: string): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const problems: string[] = [];
  if (!isSemver(version)) problems.push(`"${version}" is not a semantic version (x.y.z, no leading v)`);
  else if (compareSemver(version, pkg.version) <= 0) {
    problems.push(`${version} is not greater than package.json's version ${pkg.version}`);
  }
  const dirty = git(root, ['status', '--porcelain']).trim();
  if (dirty) problems.push(`the working tree has uncommitted changes; commit or stash them first:\n${dirty}`);
  if (isSemver(version) && git(root, ['tag', '--list', `v${version}`]).trim()) problems.push(`tag v${version} already exists`);
  return problems;
}

/**
 * Renames the package tarball (`credit-platform-0.2.0.tgz`, what `npm pack` writes) and the
 * package as npm names it in a warning (`'credit-platform@0.2.0'`) in every tracked Markdown file
 * but the CHANGELOG to the new version's, and, for a release that is not a pre-release, the pin
 * advice (``pin `~0.2.0` ``) to the new minor's. Returns the files changed.
 */
function renameTarballMentions(root: string, name: string, from: string, to: string): string[] {
  const changed: string[] = [];
  for (const file of git(root, ['ls-files', '*.md']).split('\n').filter(Boolean)) {
    if (file === 'CHANGELOG.md' || file.startsWith('changes/')) continue;
    const path = join(root, file);
    const text = readFileSync(path, 'utf8');
    const [, major, minor, prerelease] = /^(\d+)\.(\d+)\.\d+(-.*)?$/.exec(to) ?? [];
    const renamed = text
      .replaceAll(`${name}-${from}.tgz`, `${name}-${to}.tgz`)
      .replaceAll(`'${name}@${from}'`, `'${name}@${to}'`)
      .replace(/\b([Pp]in) `~\d+\.\d+\.\d+`/g, (pin, verb: string) =>
        major === undefined || prerelease !== undefined ? pin : `${verb} \`~${major}.${minor}.0\``,
      );
    if (renamed !== text) {
      writeFileSync(path, renamed);
      changed.push(file);
    }
  }
  return changed;
}

/** Writes `version` into package.json and into package-lock.json's root entries, keeping their layout. */
function bumpVersion(root: string, version: string): void {
  const setVersion = (file: string, paths: ((json: Record<string, unknown>) => Record<string, unknown> | undefined)[]) => {
    const path = join(root, file);
    if (!existsSync(path)) return;
    const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    for (const at of paths) {
      const target = at(json);
      if (target) target.version = version;
    }
    writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
  };
  setVersion('package.json', [(json) => json]);
  setVersion('package-lock.json', [
    (json) => json,
    (json) => (json.packages as Record<string, Record<string, unknown>> | undefined)?.[''],
  ]);
}

/**
 * Cuts `version`: refuses (throws `ReleaseRefused`, nothing changed) on a bad version, a dirty
 * tree or an existing tag; folds [Unreleased] and changes/*.md into a dated section and deletes
 * the fragments; bumps package.json and package-lock.json (and the tarball name the docs give);
 * runs the checks (a failure restores the
 * tree and throws); commits `Release <version>` and tags `v<version>` (annotated). Never pushes.
 */
export function release(options: ReleaseOptions): void {
  const { root, version, date, log } = options;
  const problems = refusals(root, version);
  if (problems.length > 0) throw new ReleaseRefused(problems.join('\n'));

  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    repository?: string | { url?: string };
  };
  const fragments = pendingFragments(root);
  const changelogPath = join(root, 'CHANGELOG.md');
  const changelog = foldRelease(readFileSync(changelogPath, 'utf8'), {
    version,
    date,
    fragments,
    repository: repositoryUrl(pkg),
  });
  writeFileSync(changelogPath, changelog);
  for (const fragment of fragments) rmSync(join(root, fragment.name));
  bumpVersion(root, version);
  const docs = renameTarballMentions(root, pkg.name, pkg.version, version);
  log(`CHANGELOG.md: [${version}] - ${date}, from [Unreleased] and ${fragments.length} fragment(s):`);
  for (const fragment of fragments) log(`  ${fragment.name} (deleted)`);
  log(`package.json, package-lock.json: ${version}`);
  if (docs.length > 0) log(`${pkg.name}-${version}.tgz named in ${docs.join(', ')}`);

  for (const [command, args] of options.checks) {
    const line = [command, ...args].join(' ');
    log(`\n$ ${line}`);
    if (options.run(command, args) !== 0) {
      git(root, ['checkout', '--', '.']);
      throw new ReleaseRefused(
        `\`${line}\` failed: nothing was committed, the tree is as it was. Fix it and run the release again.`,
      );
    }
  }

  git(root, ['add', '-A', '--', 'CHANGELOG.md', 'changes', 'package.json', 'package-lock.json', ...docs]);
  git(root, ['commit', '-q', '-m', `Release ${version}`]);
  git(root, ['tag', '-a', `v${version}`, '-m', `credit-platform ${version}`]);
  const commit = git(root, ['rev-parse', '--short', 'HEAD']).trim();
  log(`\nCommitted "Release ${version}" (${commit}) and tagged v${version}. Nothing was published.`);
  log(`Next: push the commit and the tag (git push origin HEAD v${version}); the release workflow`);
  log('(.github/workflows/release.yml) runs CI on the tag and publishes to npm with provenance.');
}
