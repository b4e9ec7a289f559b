import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lastRelease } from '../../scripts/lib/release/last-release.js';
import { readmeClaimProblems, withPin } from '../../scripts/lib/release/readme-claims.js';
import { pendingFragments, releasedSection } from '../../scripts/lib/release/release.js';

const root = new URL('../..', import.meta.url).pathname;
const read = (file: string) => readFileSync(`${root}${file}`, 'utf8');
const readme = (lines: number, pin = '~0.5.0') =>
  `${Array.from({ length: lines - 1 }, (_, i) => `line ${i}`).join('\n')}\nSo pin \`${pin}\`.\n`;

describe('withPin', () => {
  it("sets every pin advice to the release's minor, and leaves a pre-release's alone", () => {
    expect(withPin('So pin `~0.4.0`; Pin `~0.4.2` too.', '0.6.1')).toBe('So pin `~0.6.0`; Pin `~0.6.0` too.');
    expect(withPin('So pin `~0.4.0`.', '0.6.0-rc.1')).toBe('So pin `~0.4.0`.');
  });
});

describe('readmeClaimProblems', () => {
  it("finds 0.5.0's two wrong claims about its README: the pin and the length", () => {
    const notes =
      '- The README is a short front door (under 200 lines): what the SDK is.\n  Its version advice now reads "pin `~0.4.0`".\n- Pin `~0.4.0` elsewhere, not about it.\n';
    const problems = readmeClaimProblems(notes, readme(219));
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('quotes pin `~0.4.0`; the README says pin `~0.5.0`');
    expect(problems[1]).toContain('says under 200 lines; the README has 219 lines');
  });

  it('accepts claims that hold: the same pin, a length under the bound or exact', () => {
    const notes = '- The README (under 220 lines, 219 lines) says pin `~0.5.0`.\n';
    expect(readmeClaimProblems(notes, readme(219))).toEqual([]);
    expect(readmeClaimProblems(notes, readme(218))).toEqual([
      expect.stringContaining('says 219 lines; the README has 218 lines'),
    ]);
  });
});

describe('the notes in this repository', () => {
  it('say of the README only what holds of the README of their release', () => {
    const last = lastRelease(root);
    expect(last).toBeDefined();
    const { commit, version } = last as { commit: string; version: string };
    const shipped = execFileSync('git', ['show', `${commit}:README.md`], { cwd: root, encoding: 'utf8' });
    const notes = releasedSection(read('CHANGELOG.md'), version);
    expect(notes).toContain(`## [${version}]`);
    expect(readmeClaimProblems(notes, shipped)).toEqual([]);
  });

  it('waiting in changes/, say of the README only what holds of it now (the release sets the pin)', () => {
    const now = read('README.md');
    const pin = /pin `~(\d+\.\d+\.\d+)`/.exec(now)?.[1] as string;
    for (const fragment of pendingFragments(root)) {
      expect([fragment.name, readmeClaimProblems(withPin(fragment.text, pin), now)]).toEqual([fragment.name, []]);
    }
  });
});
