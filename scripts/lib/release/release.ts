// `npm run release -- <version>` (RELEASING.md): the steps, with the commands it runs passed in,
// so that the tests can run it on a throwaway git repository without the checks.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { foldRelease } from './changelog.js';
import { readmeClaimProblems, withPin } from './readme-claims.js';
import { lastRelease, nextDevVersion } from './last-release.js';
import { compareSemver, isSemver } from './semver.js';
import { type Restored, WrittenFiles } from './written-files.js';

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

/** Refusals that need nothing changed yet: a bad version, a dirty tree, an existing tag or release commit. */
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
  // Tags stay where they were made; the history travels, so it is checked too.
  if (isSemver(version) && lastRelease(root)?.version === version) problems.push(`the history already has "Release ${version}"`);
  return problems;
}

/**
 * Renames the package tarball (`credit-platform-0.2.0.tgz`, what `npm pack` writes) and the
 * package as npm names it in a warning (`'credit-platform@0.2.0'`) in every tracked Markdown file
 * but the CHANGELOG to the new version's, and, for a release that is not a pre-release, the pin
 * advice (``pin `~0.2.0` ``) to the new minor's. Returns the files changed.
 */
function renameTarballMentions(root: string, written: WrittenFiles, name: string, froms: string[], to: string): string[] {
  const changed: string[] = [];
  for (const file of git(root, ['ls-files', '*.md']).split('\n').filter(Boolean)) {
    if (file === 'CHANGELOG.md' || file.startsWith('changes/')) continue;
    const text = readFileSync(join(root, file), 'utf8');
    let renamed = text;
    for (const from of froms) {
      renamed = renamed.replaceAll(`${name}-${from}.tgz`, `${name}-${to}.tgz`).replaceAll(`'${name}@${from}'`, `'${name}@${to}'`);
    }
    renamed = withPin(renamed, to);
    if (renamed !== text) {
      written.write(file, renamed);
      changed.push(file);
    }
  }
  return changed;
}

/** The body of `## [version]` in `changelog` (up to the next `## ` heading or the links). */
export function releasedSection(changelog: string, version: string): string {
  const start = changelog.indexOf(`\n## [${version}]`);
  if (start < 0) return '';
  const rest = changelog.slice(start + 1);
  const end = rest.search(/\n(## |\[[^\]]+\]: )/);
  return end < 0 ? rest : rest.slice(0, end + 1);
}

/** `changelog` with the pin advice of `## [version]`'s notes set to that version's, as the README's. */
function withPinInSection(changelog: string, version: string): string {
  const section = releasedSection(changelog, version);
  return section === '' ? changelog : changelog.replace(section, withPin(section, version));
}

/** The tracked files modified, added or deleted (in the index or the tree) besides `ours`. */
function trackedChanges(root: string, ours: readonly string[]): string[] {
  const entries = git(root, ['status', '--porcelain=v1', '-z', '--untracked-files=no']).split('\0');
  const files: string[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as string;
    if (entry.length < 4) continue;
    files.push(entry.slice(3));
    // A rename or copy is followed by the name it had.
    if (entry[0] === 'R' || entry[0] === 'C') files.push(entries[++i] as string);
  }
  return files.filter((file) => !ours.includes(file));
}

/** How a stopped release left the files it wrote, as the end of its message. */
function undone({ left }: Restored): string {
  if (left.length === 0) return 'the files it wrote are as they were before it.';
  return `the files it wrote are as they were before it, except ${left.join(', ')}: changed since, so left as they are (\`git diff HEAD -- <file>\` shows how they differ from before the release).`;
}

/** Writes `version` into package.json and into package-lock.json's root entries, keeping their layout. */
function bumpVersion(root: string, written: WrittenFiles, version: string): void {
  const setVersion = (file: string, paths: ((json: Record<string, unknown>) => Record<string, unknown> | undefined)[]) => {
    const path = join(root, file);
    if (!existsSync(path)) return;
    const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    for (const at of paths) {
      const target = at(json);
      if (target) target.version = version;
    }
    written.write(file, `${JSON.stringify(json, null, 2)}\n`);
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
 * runs the checks; commits `Release <version>` (those files only) and tags `v<version>`
 * (annotated); then commits package.json at {@link nextDevVersion} (`Begin <x.y.z>-dev`), so that
 * no later build reports itself as the release. Never pushes. A failed check, or a tracked file
 * changed while the checks ran, stops it (throws `ReleaseRefused`): the files it wrote that still
 * hold what it wrote are put back, and nothing else is touched, so no edit made meanwhile is lost.
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
  const written = new WrittenFiles(root);
  const changelog = foldRelease(readFileSync(join(root, 'CHANGELOG.md'), 'utf8'), {
    version,
    date,
    fragments,
    repository: repositoryUrl(pkg),
  });
  written.write('CHANGELOG.md', withPinInSection(changelog, version));
  for (const fragment of fragments) written.remove(fragment.name);
  bumpVersion(root, written, version);
  // The docs may still name the last release's tarball when package.json holds a -dev version.
  const previous = lastRelease(root)?.version;
  const froms = [pkg.version, ...(previous && previous !== pkg.version ? [previous] : [])];
  const docs = renameTarballMentions(root, written, pkg.name, froms, version);
  const claims = readmeClaimProblems(
    releasedSection(readFileSync(join(root, 'CHANGELOG.md'), 'utf8'), version),
    readFileSync(join(root, 'README.md'), 'utf8'),
  );
  if (claims.length > 0) {
    throw new ReleaseRefused(
      `the notes say of the README what it does not say: ${claims.join('; ')}. Nothing was committed, ${undone(written.restore())} Correct the fragment, then run the release again.`,
    );
  }
  log(`CHANGELOG.md: [${version}] - ${date}, from [Unreleased] and ${fragments.length} fragment(s):`);
  for (const fragment of fragments) log(`  ${fragment.name} (deleted)`);
  log(`package.json, package-lock.json: ${version}`);
  if (docs.length > 0) log(`${pkg.name}-${version}.tgz named in ${docs.join(', ')}`);

  for (const [command, args] of options.checks) {
    const line = [command, ...args].join(' ');
    log(`\n$ ${line}`);
    if (options.run(command, args) !== 0) {
      throw new ReleaseRefused(
        `\`${line}\` failed: nothing was committed, ${undone(written.restore())} Fix it and run the release again.`,
      );
    }
  }
  // The checks passed on the tree as it was when they started; a tracked file changed since
  // (by the developer, or by a check) means the tree to tag is not the one checked.
  const changed = [...new Set([...written.changedSince(), ...trackedChanges(root, written.names)])];
  if (changed.length > 0) {
    throw new ReleaseRefused(
      `${changed.join(', ')} changed while the checks ran, so they did not check the tree to tag: nothing was committed, ${undone(written.restore())} Commit or stash your changes, then run the release again.`,
    );
  }

  // Only the release's own files, whatever else is staged by then.
  git(root, ['add', '-A', '--', ...written.names]);
  git(root, ['commit', '-q', '-m', `Release ${version}`, '--', ...written.names]);
  git(root, ['tag', '-a', `v${version}`, '-m', `credit-platform ${version}`]);
  const commit = git(root, ['rev-parse', '--short', 'HEAD']).trim();
  // From the next commit on, a build is not this release and says so (package.json, VERSION,
  // the User-Agent, the tarball's name): main moves to the next pre-release at once.
  const dev = nextDevVersion(version);
  const begun = new WrittenFiles(root);
  bumpVersion(root, begun, dev);
  renameTarballMentions(root, begun, pkg.name, [version], dev);
  git(root, ['add', '-A', '--', ...begun.names]);
  git(root, ['commit', '-q', '-m', `Begin ${dev}: builds past Release ${version} say so`, '--', ...begun.names]);
  log(`\nCommitted "Release ${version}" (${commit}) and tagged v${version}; then "Begin ${dev}" (package.json ${dev}).`);
  log('Nothing was published.');
  log(`Next: push both commits and the tag (git push origin HEAD v${version}); the release workflow`);
  log('(.github/workflows/release.yml) runs CI on the tag and publishes to npm with provenance.');
}
