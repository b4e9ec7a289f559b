import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEntries } from '../../scripts/lib/release/changelog.js';
import { pendingFragments } from '../../scripts/lib/release/release.js';

// Every pending fragment is checked now, not first when the release folds it (changes/README.md).
const root = resolve(import.meta.dirname, '../..');

describe('the fragments waiting in changes/', () => {
  it.each(pendingFragments(root).map((f) => [f.name, f] as const))('%s is a valid release entry list', (_name, fragment) => {
    expect(() => parseEntries(fragment.text, fragment.name)).not.toThrow();
  });

  it('[Unreleased] in CHANGELOG.md is one too', () => {
    const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
    const body = /^## \[Unreleased\][^\n]*\n([\s\S]*?)(?=^## \[)/m.exec(changelog)?.[1] ?? '';
    expect(() => parseEntries(body, 'CHANGELOG.md [Unreleased]')).not.toThrow();
  });
});

describe('CHANGELOG.md, from 0.4.0 on', () => {
  const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
  const sections = [...changelog.matchAll(/^## \[(\d+)\.(\d+)\.(\d+)[^\]]*\][^\n]*\n([\s\S]*?)(?=^## \[|^\[Unreleased\]:)/gm)]
    .filter((m) => Number(m[1]) > 0 || Number(m[2]) >= 4)
    .map((m) => [m[0].split('\n')[0] as string, m[4] as string] as const);

  it('has the 0.4.0 section', () => {
    expect(sections.map(([title]) => title)).toContain('## [0.4.0] - 2026-11-27');
  });

  it.each(sections)('%s starts with Upgrading and is release entries in user terms only', (_title, body) => {
    expect(body.trimStart().startsWith('### Upgrading\n')).toBe(true);
    expect(() => parseEntries(body, 'CHANGELOG.md')).not.toThrow();
  });
});

describe('the validator keeps release notes to what a user sees', () => {
  it('refuses test, mutation and benchmark notes with the file and line, and says where they go', () => {
    for (const note of [
      '- 12 surviving mutants killed in src/webhooks.',
      '- The mutation score of the area is 93%.',
      '- Stryker now runs per area.',
      '- test/cli/commands/fake.test.ts covers it.',
      '- Measured with bench/webhooks/verify.ts.',
    ]) {
      expect(() => parseEntries(`### Fixed\n\n${note}\n`, 'changes/x.md'), note).toThrow(
        /^changes\/x\.md:3: a test, mutation or benchmark note; write it in docs\/development-notes\.md/,
      );
    }
  });

  it('accepts user terms, the Upgrading heading and measured figures a user feels', () => {
    const text =
      '### Upgrading\n\n- Rename `WEBHOOK_SECRET` to `CREDIT_PLATFORM_WEBHOOK_SECRET`.\n\n### Changed\n\n- Listing 100,000 transactions takes 2.1 s instead of 3.4 s; the latest tests pass.\n\n### Added\n\n- `startFakeServer` works under vitest fake timers.\n';
    expect(() => parseEntries(text, 'changes/ok.md')).not.toThrow();
  });
});
