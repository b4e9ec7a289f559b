import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lastRelease, nextDevVersion, versionProblem } from '../../scripts/lib/release/last-release.js';

// The last release found from the history alone: a clone has no tags.
let root: string;
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
function commit(version: string, subject: string): string {
  writeFileSync(join(root, 'package.json'), `${JSON.stringify({ name: 'demo', version }, null, 2)}\n`);
  writeFileSync(join(root, 'file.txt'), subject);
  git('add', '-A');
  git('commit', '-q', '-m', subject);
  return git('rev-parse', 'HEAD');
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'last-release-'));
  git('init', '-q');
  git('config', 'user.email', 'last-release@example.invalid');
  git('config', 'user.name', 'Last Release');
  git('config', 'commit.gpgsign', 'false');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('lastRelease', () => {
  it('is the newest "Release x.y.z" commit whose package.json holds that version, with no tag anywhere', () => {
    commit('0.1.0', 'start');
    const r2 = commit('0.2.0', 'Release 0.2.0');
    commit('0.2.1-dev', 'Begin 0.2.1-dev: builds past Release 0.2.0 say so');
    commit('0.2.1-dev', 'a fix');
    expect(git('tag', '--list')).toBe('');
    expect(lastRelease(root)).toEqual({ commit: r2, version: '0.2.0' });
  });

  it('skips a subject that names a version package.json does not hold, or a pre-release', () => {
    const set = commit('0.1.0', 'set the version');
    commit('0.1.1-dev', 'Release 0.1.1-dev');
    commit('0.1.1-dev', 'Release 0.9.0');
    expect(lastRelease(root)).toEqual({ commit: set, version: '0.1.0' });
  });

  it('without release commits, is the newest commit that set a version without a pre-release part', () => {
    commit('0.1.0', 'start');
    const set = commit('0.2.0', 'version 0.2.0');
    commit('0.2.1-dev', 'after 0.2.0');
    commit('0.2.1-dev', 'more work');
    expect(lastRelease(root)).toEqual({ commit: set, version: '0.2.0' });
  });

  it('is undefined for a history with no release, and outside a repository', () => {
    commit('0.1.0-dev', 'start');
    expect(lastRelease(root)).toBeUndefined();
    expect(lastRelease(tmpdir())).toBeUndefined();
  });
});

describe('nextDevVersion', () => {
  it('is the next patch as a -dev pre-release, ordered after the release and before the next one', () => {
    expect(nextDevVersion('0.5.0')).toBe('0.5.1-dev');
    expect(nextDevVersion('1.9.19')).toBe('1.9.20-dev');
    expect(nextDevVersion('1.0.0-rc.1')).toBe('1.0.0-rc.1.dev');
    expect(() => nextDevVersion('latest')).toThrow(TypeError);
  });
});

describe('versionProblem', () => {
  it('accepts a -dev version anywhere, and a release version on its own Release commit only', () => {
    commit('0.2.0', 'Release 0.2.0');
    expect(versionProblem(root)).toBeUndefined();
    commit('0.2.0', 'a fix after the release');
    expect(versionProblem(root)).toMatch(
      /^package\.json says 0\.2\.0, but HEAD \([0-9a-f]+ a fix after the release\) is not the commit "Release 0\.2\.0": a build of it would pack and report itself as 0\.2\.0\. Set the version to 0\.2\.1-dev /,
    );
    commit('0.2.1-dev', 'Begin 0.2.1-dev');
    expect(versionProblem(root)).toBeUndefined();
  });

  it('accepts the tree the release command checks before it commits (its version differs from HEAD)', () => {
    commit('0.2.1-dev', 'work');
    writeFileSync(join(root, 'package.json'), `${JSON.stringify({ name: 'demo', version: '0.3.0' }, null, 2)}\n`);
    expect(versionProblem(root)).toBeUndefined();
  });
});
