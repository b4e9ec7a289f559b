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
/** `git status --porcelain`, one entry a line, sorted (untrimmed: a leading space is part of an entry). */
const status = () =>
  execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean).sort();

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

/** `base` with its checks run by `run` (given the command line), the rest as it was. */
function withRun(base: ReleaseOptions, run: (line: string) => number): ReleaseOptions {
  return { ...base, run: (command, args) => run([command, ...args].join(' ')) };
}

function catchRefusal(act: () => void): ReleaseRefused {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(ReleaseRefused);
    return error as ReleaseRefused;
  }
  throw new Error('expected the release to be refused');
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
    const show = (file: string) => git('show', `HEAD^:${file}`);
    const ran: string[] = [];
    release(options('0.3.0', ran));
    expect(ran).toEqual(['npm run typecheck', 'version during checks: 0.3.0', 'npm test', 'version during checks: 0.3.0']);
    expect(read('CHANGELOG.md')).toBe(
      '# Changelog\n\n## [Unreleased]\n\n## [0.3.0] - 2026-12-03\n\n### Upgrading\n\nNothing to change.\n\n### Security\n\n- A guarantee.\n\n### Added\n\n- A command option.\n- A store.\n\n## [0.2.0] - 2026-11-26\n\n### Added\n\n- Two.\n\n[Unreleased]: https://github.com/acme/demo/compare/v0.3.0...HEAD\n[0.3.0]: https://github.com/acme/demo/compare/v0.2.0...v0.3.0\n[0.2.0]: https://github.com/acme/demo/releases/tag/v0.2.0\n',
    );
    expect(existsSync(join(root, 'changes/p24-cli.md'))).toBe(false);
    expect(existsSync(join(root, 'changes/p26-postgres.md'))).toBe(false);
    expect(read('changes/README.md')).toBe('How fragments work.\n');
    // The tarball `npm pack` writes is named for the version, and the docs name it.
    expect(show('README.md')).toBe('npm install ../demo/demo-0.3.0.tgz (not demo-0.2.0-rc.1.tgz)');
    expect(show('docs/install.md')).toBe('Depends on "file:../demo/demo-0.3.0.tgz". So pin `~0.3.0`.');
    expect(JSON.parse(show('package.json')).version).toBe('0.3.0');
    const lock = JSON.parse(show('package-lock.json'));
    expect([lock.version, lock.packages[''].version, lock.packages['node_modules/x'].version]).toEqual([
      '0.3.0',
      '0.3.0',
      '9.9.9',
    ]);
    expect(git('log', '-2', '--format=%s')).toBe('Begin 0.3.1-dev: builds past Release 0.3.0 say so\nRelease 0.3.0');
    expect(git('status', '--porcelain')).toBe('');
    expect(git('cat-file', '-t', 'v0.3.0')).toBe('tag'); // annotated, not a lightweight tag
    expect(git('rev-parse', 'v0.3.0^{commit}')).toBe(git('rev-parse', 'HEAD^'));
  });

  it('moves package.json, the lock and the tarball the docs name to the next -dev version right after the release commit', () => {
    release(options('0.3.0'));
    expect(JSON.parse(read('package.json')).version).toBe('0.3.1-dev');
    const lock = JSON.parse(read('package-lock.json'));
    expect([lock.version, lock.packages[''].version, lock.packages['node_modules/x'].version]).toEqual([
      '0.3.1-dev',
      '0.3.1-dev',
      '9.9.9',
    ]);
    expect(read('README.md')).toBe('npm install ../demo/demo-0.3.1-dev.tgz (not demo-0.2.0-rc.1.tgz)\n');
    expect(git('diff', '--name-only', 'HEAD^', 'HEAD').split('\n').sort()).toEqual([
      'README.md',
      'docs/install.md',
      'package-lock.json',
      'package.json',
    ]);
    // The next release starts from the -dev version; the docs name its tarball again.
    writeFileSync(join(root, 'changes/p30-next.md'), '### Fixed\n\n- A fix.\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'a fix');
    release(options('0.3.1'));
    expect(git('show', 'HEAD^:README.md')).toBe('npm install ../demo/demo-0.3.1.tgz (not demo-0.2.0-rc.1.tgz)');
    expect(JSON.parse(read('package.json')).version).toBe('0.3.2-dev');
  });

  it('refuses a version the history already released, without the tag (tags do not travel with a clone)', () => {
    release(options('0.3.0'));
    git('tag', '-d', 'v0.3.0');
    writeFileSync(join(root, 'package.json'), read('package.json').replace('0.3.1-dev', '0.2.9'));
    git('commit', '-q', '-am', 'a version set back by hand');
    expect(() => release(options('0.3.0'))).toThrow(/the history already has "Release 0\.3\.0"/);
  });

  it('names the docs of a -dev tree that still name the last release tarball after the new one', () => {
    writeFileSync(join(root, 'package.json'), read('package.json').replace('"0.2.0"', '"0.2.1-dev"'));
    git('commit', '-q', '-am', 'Begin 0.2.1-dev');
    release(options('0.3.0'));
    expect(git('show', 'HEAD^:docs/install.md')).toBe('Depends on "file:../demo/demo-0.3.0.tgz". So pin `~0.3.0`.');
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

  it('a failing check puts back only the files it wrote that still hold what it wrote: edits made meanwhile are kept', () => {
    writeFileSync(join(root, 'notes.md'), 'notes\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'notes');
    const head = git('rev-parse', 'HEAD');
    const failTestsMeanwhileEditing = (line: string) => {
      if (line !== 'npm test') return 0;
      // What a developer does in another terminal while the checks run.
      writeFileSync(join(root, 'notes.md'), 'notes, edited during the checks\n');
      writeFileSync(join(root, 'CHANGELOG.md'), 'my own edit of the folded changelog\n');
      writeFileSync(join(root, 'changes/p30-new.md'), '### Fixed\n\n- Written during the checks.\n');
      return 1;
    };
    const error = catchRefusal(() => release(withRun(options('0.3.0'), failTestsMeanwhileEditing)));
    expect(read('notes.md')).toBe('notes, edited during the checks\n');
    expect(read('CHANGELOG.md')).toBe('my own edit of the folded changelog\n');
    expect(read('changes/p30-new.md')).toBe('### Fixed\n\n- Written during the checks.\n');
    expect(error.message).toMatch(
      /^`npm test` failed: nothing was committed, the files it wrote are as they were before it, except CHANGELOG\.md: changed since, so left as they are/,
    );
    // What the release wrote and nobody touched is back as it was.
    expect(JSON.parse(read('package.json')).version).toBe('0.2.0');
    expect(JSON.parse(read('package-lock.json')).version).toBe('0.2.0');
    expect(read('changes/p24-cli.md')).toBe('### Added\n\n- A command option.\n');
    expect(read('README.md')).toBe('npm install ../demo/demo-0.2.0.tgz (not demo-0.2.0-rc.1.tgz)\n');
    expect(status()).toEqual([' M CHANGELOG.md', ' M notes.md', '?? changes/p30-new.md']);
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('tag', '--list')).toBe('');
  });

  it('refuses to commit when a tracked file changed while the checks passed, and keeps that change', () => {
    writeFileSync(join(root, 'notes.md'), 'notes\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'notes');
    const head = git('rev-parse', 'HEAD');
    const error = catchRefusal(() =>
      release(
        withRun(options('0.3.0'), (line) => {
          if (line === 'npm test') writeFileSync(join(root, 'notes.md'), 'edited\n');
          return 0;
        }),
      ),
    );
    expect(error.message).toMatch(
      /^notes\.md changed while the checks ran, so they did not check the tree to tag: nothing was committed, the files it wrote are as they were before it\./,
    );
    expect(read('notes.md')).toBe('edited\n');
    expect(status()).toEqual([' M notes.md']);
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('tag', '--list')).toBe('');
  });

  it('commits only the files it wrote: a fragment added while the checks ran waits for the next release', () => {
    release(
      withRun(options('0.3.0'), (line) => {
        if (line === 'npm test') writeFileSync(join(root, 'changes/p30-new.md'), '### Fixed\n\n- For the next release.\n');
        return 0;
      }),
    );
    // HEAD~1: the release commit (HEAD is the `Begin <next>-dev` commit after it).
    expect(git('show', '--name-status', '--format=', 'HEAD~1').split('\n').sort()).toEqual([
      'D\tchanges/p24-cli.md',
      'D\tchanges/p26-postgres.md',
      'M\tCHANGELOG.md',
      'M\tREADME.md',
      'M\tdocs/install.md',
      'M\tpackage-lock.json',
      'M\tpackage.json',
    ]);
    expect(status()).toEqual(['?? changes/p30-new.md']);
    expect(read('changes/p30-new.md')).toBe('### Fixed\n\n- For the next release.\n');
  });

  it('a fragment with a heading Keep a Changelog does not have is refused before anything changes', () => {
    writeFileSync(join(root, 'changes/p27-odd.md'), '### Improvements\n\n- Hm.\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'odd fragment');
    expect(() => release(options('0.3.0'))).toThrow(
      /changes\/p27-odd\.md:1: "### Improvements" is not a heading of a release section/,
    );
    expect(git('status', '--porcelain')).toBe('');
  });
});

describe('npm run release: what the notes say of the README', () => {
  /** Commits a fragment about the README. */
  const fragment = (text: string) => {
    writeFileSync(join(root, 'changes/readme.md'), `### Changed\n\n- ${text}\n`);
    git('add', '-A');
    git('commit', '-q', '-m', 'a README note');
  };

  it("writes the README's new pin into the notes that quote it, as into the README", () => {
    writeFileSync(join(root, 'README.md'), 'So pin `~0.2.0` (patches only).\n');
    fragment('The README\'s version advice now reads "pin `~0.2.0`".');
    release(options('0.3.0'));
    expect(git('show', 'HEAD^:README.md')).toBe('So pin `~0.3.0` (patches only).');
    expect(git('show', 'HEAD^:CHANGELOG.md')).toContain('now reads "pin `~0.3.0`"');
    // Earlier releases' notes keep what they said.
    expect(git('show', 'HEAD^:CHANGELOG.md')).toContain('## [0.2.0] - 2026-11-26\n\n### Added\n\n- Two.');
  });

  it('refuses notes that give the README a length it does not have, changing nothing', () => {
    fragment('The README is a short front door (under 1 lines).');
    const head = git('rev-parse', 'HEAD');
    const refusal = catchRefusal(() => release(options('0.3.0')));
    expect(refusal.message).toContain('says under 1 lines; the README has 1 lines');
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('status', '--porcelain')).toBe('');
  });
});
