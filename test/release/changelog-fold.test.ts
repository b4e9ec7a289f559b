import { describe, expect, it } from 'vitest';
import { ChangelogError, foldRelease, parseEntries, renderEntries } from '../../scripts/lib/release/changelog.js';

const REPO = 'https://github.com/acme/credit-platform';

const changelog = `# Changelog

Intro.

## [Unreleased]

### Fixed

- A fix already in the changelog.

### Added

#### Theme A

- An addition of theme A.

## [0.1.0] - 2026-11-25

### Added

- The first release.

[Unreleased]: ${REPO}/compare/v0.1.0...HEAD
[0.1.0]: ${REPO}/releases/tag/v0.1.0
`;

describe('foldRelease', () => {
  it('makes [Unreleased] and the fragments one dated section, headings in Keep a Changelog order, loose bullets before groups', () => {
    const out = foldRelease(changelog, {
      version: '0.2.0',
      date: '2026-11-26',
      repository: REPO,
      fragments: [
        { name: 'changes/a.md', text: '### Added\n\n- Loose addition from a.\n\n#### Theme A\n\n- More of theme A.\n' },
        { name: 'changes/b.md', text: '### Security\n\n- A security fix from b.\n\n### Added\n\n- Loose addition from b.\n' },
      ],
    });
    expect(out).toBe(`# Changelog

Intro.

## [Unreleased]

## [0.2.0] - 2026-11-26

### Upgrading

Nothing to change.

### Security

- A security fix from b.

### Added

- Loose addition from a.
- Loose addition from b.

#### Theme A

- An addition of theme A.
- More of theme A.

### Fixed

- A fix already in the changelog.

## [0.1.0] - 2026-11-25

### Added

- The first release.

[Unreleased]: ${REPO}/compare/v0.2.0...HEAD
[0.2.0]: ${REPO}/compare/v0.1.0...v0.2.0
[0.1.0]: ${REPO}/releases/tag/v0.1.0
`);
  });

  it('links the first release to its tag', () => {
    const first = '# Changelog\n\n## [Unreleased]\n\n### Added\n\n- Everything.\n';
    const out = foldRelease(first, { version: '0.1.0', date: '2026-11-25', repository: REPO, fragments: [] });
    expect(out).toBe(
      `# Changelog\n\n## [Unreleased]\n\n## [0.1.0] - 2026-11-25\n\n### Upgrading\n\nNothing to change.\n\n### Added\n\n- Everything.\n\n[Unreleased]: ${REPO}/compare/v0.1.0...HEAD\n[0.1.0]: ${REPO}/releases/tag/v0.1.0\n`,
    );
  });

  it('refuses an empty release and a version that already has a section', () => {
    const empty = changelog.replace(/## \[Unreleased\][\s\S]*?(?=## \[0\.1\.0\])/, '## [Unreleased]\n\n');
    expect(() => foldRelease(empty, { version: '0.2.0', date: '2026-11-26', repository: REPO, fragments: [] })).toThrow(
      /nothing to release/,
    );
    expect(() => foldRelease(changelog, { version: '0.1.0', date: '2026-11-26', repository: REPO, fragments: [] })).toThrow(
      /already has a section for 0\.1\.0/,
    );
  });
});

describe('foldRelease: Upgrading first', () => {
  it("puts the fragments' Upgrading entries first, before Security, merged like any heading", () => {
    const out = foldRelease(changelog, {
      version: '0.2.0',
      date: '2026-11-26',
      repository: REPO,
      fragments: [
        { name: 'changes/a.md', text: '### Added\n\n- An addition.\n\n### Upgrading\n\n- Rename X to Y.\n' },
        { name: 'changes/b.md', text: '### Security\n\n- A fix.\n\n### Upgrading\n\n- Pass a key.\n' },
      ],
    });
    const section = out.slice(out.indexOf('## [0.2.0]'), out.indexOf('## [0.1.0]'));
    expect(section.split('\n').filter((l) => l.startsWith('### '))).toEqual([
      '### Upgrading',
      '### Security',
      '### Added',
      '### Fixed',
    ]);
    expect(section).toContain('### Upgrading\n\n- Rename X to Y.\n- Pass a key.\n\n### Security');
    expect(section).not.toContain('Nothing to change.');
  });

  it('says "Nothing to change." under Upgrading when no entry asks anything of the user, but an empty release is still refused', () => {
    const out = foldRelease(changelog, {
      version: '0.2.0',
      date: '2026-11-26',
      repository: REPO,
      fragments: [{ name: 'changes/a.md', text: '### Fixed\n\n- A fix.\n' }],
    });
    expect(out).toContain('## [0.2.0] - 2026-11-26\n\n### Upgrading\n\nNothing to change.\n\n### Added');
    expect(renderEntries(parseEntries('### Fixed\n\n- A fix.\n', 'x'))).toBe('### Fixed\n\n- A fix.\n');
  });
});

describe('parseEntries', () => {
  it('refuses what it would otherwise drop: an unknown heading, text before any heading, a stray heading level', () => {
    expect(() => parseEntries('### Notes\n\n- x\n', 'changes/x.md')).toThrow(ChangelogError);
    expect(() => parseEntries('### Notes\n\n- x\n', 'changes/x.md')).toThrow(
      /changes\/x\.md:1: "### Notes" is not a heading of a release section \(Upgrading, Security, Added, Changed, Deprecated, Removed, Fixed\)/,
    );
    expect(() => parseEntries('Some words.\n### Added\n- x\n', 'changes/y.md')).toThrow(
      /changes\/y\.md:1: text before the first ### heading/,
    );
    expect(() => parseEntries('## Added\n- x\n', 'changes/z.md')).toThrow(/changes\/z\.md:1: only "### <Heading>"/);
  });

  it('keeps every line of a bullet, continuation lines included, in order', () => {
    const text = '### Changed\n\n- First line\n  continued.\n- Second.\n';
    expect(renderEntries(parseEntries(text, 'changes/c.md'))).toBe('### Changed\n\n- First line\n  continued.\n- Second.\n');
  });
});
