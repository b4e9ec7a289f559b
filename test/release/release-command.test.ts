import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ReleaseOptions, ReleaseRefused, release } from '../../scripts/lib/release/release.js';

// The release command on a throwaway git repository (no network, no real checks): what it
// refuses, what it writes, what it commits and tags.
let root: string;
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const read = (file: string) => readFileSync(join(root, file), 'utf8');

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'release-test-'));
  const files: Record<string, string> = {
    'package.json': `${JSON.stringify({ name: 'demo', version: '0.2.0', repository: { type: 'git', url: 'git+https://github.com/acme/demo.git' } }, null, 2)}\n`,
    'package-lock.json': `${JSON.stringify({ name: 'demo', version: '0.2.0', lockfileVersion: 3, packages: { '': { name: 'demo', version: '0.2.0' }, 'node_modules/x': { version: '9.9.9' } } }, null, 2)}\n`,
    'CHANGELOG.md':
      '# Changelog\n\n## [Unreleased]\n\n## [0.2.0] - 2026-11-26\n\n### Added\n\n- Two.\n\n[Unreleased]: https://github.com/acme/demo/compare/v0.2.0...HEAD\n[0.2.0]: https://github.com/acme/demo/releases/tag/v0.2.0\n',
    'changes/README.md': 'How fragments work.\n',
    'README.md': 'npm install ../demo/demo-0.2.0.tgz (not demo-0.2.0-rc.1.tgz)\n',
    'docs/install.md': 'Depends on "file:../demo/demo-0.2.0.tgz". So pin `~0.2.0`.\n',
    'changes/p24-cli.md': '### Added\n\n- A command option.\n',
    'changes/p26-postgres.md': '### Security\n\n- A guarantee.\n\n### Added\n\n- A store.\n',
  };
  git('init', '-q');
  git('config', 'user.email', 'release-test@example.invalid');
  git('config', 'user.name', 'Release Test');
  git('config', 'commit.gpgsign', 'false');
  git('config', 'tag.gpgsign', 'false');
  execFileSync('mkdir', ['-p', join(root, 'changes'), join(root, 'docs')]);
  for (const [file, text] of Object.entries(files)) writeFileSync(join(root, file), text);
  git('add', '-A');
  git('commit', '-q', '-m', 'start');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function options(version: string, ran: string[] = [], failOn?: string): ReleaseOptions {
  return {
    root,
    version,
    date: '2026-12-03',
    checks: [
      ['npm', ['run', 'typecheck']],
      ['npm', ['test']],
    ],
    run: (command, args) => {
      const line = [command, ...args].join(' ');
      ran.push(line);
      // A check sees the bumped tree, as the real build and version test do.
      ran.push(`version during checks: ${JSON.parse(read('package.json')).version}`);
      return line === failOn ? 1 : 0;
    },
    log: () => {},
  };
}

describe('npm run release', () => {
  it('refuses a version that is not semver or not greater than package.json, a dirty tree and an existing tag, changing nothing', () => {
    const head = git('rev-parse', 'HEAD');
    expect(() => release(options('v0.3.0'))).toThrow(/"v0\.3\.0" is not a semantic version/);
    expect(() => release(options('0.3'))).toThrow(/not a semantic version/);
    expect(() => release(options('0.2.0'))).toThrow(/0\.2\.0 is not greater than package\.json's version 0\.2\.0/);
    expect(() => release(options('0.1.9'))).toThrow(/not greater/);
    writeFileSync(join(root, 'changes/p25-extra.md'), '### Fixed\n\n- Not committed yet.\n');
    expect(() => release(options('0.3.0'))).toThrow(/uncommitted changes[\s\S]*changes\/p25-extra\.md/);
    rmSync(join(root, 'changes/p25-extra.md'));
    git('tag', 'v0.3.0');
    expect(() => release(options('0.3.0'))).toThrow(ReleaseRefused);
    expect(() => release(options('0.3.0'))).toThrow(/tag v0\.3\.0 already exists/);
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('status', '--porcelain')).toBe('');
  });

  it('folds the fragments into a dated section, deletes them, bumps both files, runs the checks on the bumped tree, commits and tags', () => {
    const ran: string[] = [];
    release(options('0.3.0', ran));
    expect(ran).toEqual(['npm run typecheck', 'version during checks: 0.3.0', 'npm test', 'version during checks: 0.3.0']);
    expect(read('CHANGELOG.md')).toBe(
      '# Changelog\n\n## [Unreleased]\n\n## [0.3.0] - 2026-12-03\n\n### Security\n\n- A guarantee.\n\n### Added\n\n- A command option.\n- A store.\n\n## [0.2.0] - 2026-11-26\n\n### Added\n\n- Two.\n\n[Unreleased]: https://github.com/acme/demo/compare/v0.3.0...HEAD\n[0.3.0]: https://github.com/acme/demo/compare/v0.2.0...v0.3.0\n[0.2.0]: https://github.com/acme/demo/releases/tag/v0.2.0\n',
    );
    expect(existsSync(join(root, 'changes/p24-cli.md'))).toBe(false);
    expect(existsSync(join(root, 'changes/p26-postgres.md'))).toBe(false);
    expect(read('changes/README.md')).toBe('How fragments work.\n');
    // The tarball `npm pack` writes is named for the version, and the docs name it.
    expect(read('README.md')).toBe('npm install ../demo/demo-0.3.0.tgz (not demo-0.2.0-rc.1.tgz)\n');
    expect(read('docs/install.md')).toBe('Depends on "file:../demo/demo-0.3.0.tgz". So pin `~0.3.0`.\n');
    expect(JSON.parse(read('package.json')).version).toBe('0.3.0');
    const lock = JSON.parse(read('package-lock.json'));
    expect([lock.version, lock.packages[''].version, lock.packages['node_modules/x'].version]).toEqual([
      '0.3.0',
      '0.3.0',
      '9.9.9',
    ]);
    expect(git('log', '-1', '--format=%s')).toBe('Release 0.3.0');
    expect(git('status', '--porcelain')).toBe('');
    expect(git('cat-file', '-t', 'v0.3.0')).toBe('tag'); // annotated, not a lightweight tag
    expect(git('rev-parse', 'v0.3.0^{commit}')).toBe(git('rev-parse', 'HEAD'));
  });

  it('a failing check stops the release and leaves the tree, the fragments and the history as they were', () => {
    const head = git('rev-parse', 'HEAD');
    const ran: string[] = [];
    expect(() => release(options('0.3.0', ran, 'npm run typecheck'))).toThrow(
      /`npm run typecheck` failed: nothing was committed/,
    );
    expect(ran).not.toContain('npm test');
    expect(git('status', '--porcelain')).toBe('');
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('tag', '--list')).toBe('');
    expect(read('changes/p24-cli.md')).toBe('### Added\n\n- A command option.\n');
  });

  it('a fragment with a heading Keep a Changelog does not have is refused before anything changes', () => {
    writeFileSync(join(root, 'changes/p27-odd.md'), '### Improvements\n\n- Hm.\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'odd fragment');
    expect(() => release(options('0.3.0'))).toThrow(
      /changes\/p27-odd\.md:1: "### Improvements" is not a Keep a Changelog heading/,
    );
    expect(git('status', '--porcelain')).toBe('');
  });
});
