// Release notes that state facts about the README (its version advice, its length) must state
// what the README they ship with says: 0.5.0's notes quoted a pin of `~0.4.0` and "under 200
// lines" of a README that said `~0.5.0` and had 219. The pin advice is generated (the release
// writes the new minor's into the README and into its own notes alike); the length is checked.

/** ``pin `~x.y.z` `` (or `Pin`), as the README's Versioning section and notes about it write it. */
const PIN = /\b([Pp]in) `~\d+\.\d+\.\d+`/g;

/**
 * `text` with every pin advice set to `version`'s minor (``pin `~0.6.0` `` for 0.6.0); a
 * pre-release's is left as it is, since its minor is not released yet.
 */
export function withPin(text: string, version: string): string {
  const [, major, minor, prerelease] = /^(\d+)\.(\d+)\.\d+(-.*)?$/.exec(version) ?? [];
  if (major === undefined || prerelease !== undefined) return text;
  return text.replace(PIN, (_pin, verb: string) => `${verb} \`~${major}.${minor}.0\``);
}

/** The items (bullets with their continuation lines) of release notes that name the README. */
function readmeItems(notes: string): string[] {
  return notes
    .split(/\n(?=\s*- )/)
    .filter((item) => /\bREADME\b/.test(item))
    .map((item) => item.replace(/\s+/g, ' ').trim());
}

/**
 * What release notes say of the README that does not hold of `readme`: each pin they quote in an
 * item that names the README must be the README's, and a length (`under 200 lines`, `219 lines`)
 * must be the README's. One sentence per claim that fails, quoting the notes and the README.
 */
export function readmeClaimProblems(notes: string, readme: string): string[] {
  const problems: string[] = [];
  const lines = readme.endsWith('\n') ? readme.split('\n').length - 1 : readme.split('\n').length;
  const readmePins = new Set(readme.match(PIN)?.map((pin) => pin.toLowerCase()));
  for (const item of readmeItems(notes)) {
    const quoted = item.slice(0, 80);
    for (const pin of item.match(PIN) ?? []) {
      if (!readmePins.has(pin.toLowerCase())) {
        problems.push(`"${quoted}…" quotes ${pin}; the README says ${[...readmePins].join(', ') || 'no pin'}`);
      }
    }
    for (const [claim, under, count] of item.matchAll(/\b(under |fewer than )?([\d,]+) lines\b/g)) {
      const n = Number((count as string).replaceAll(',', ''));
      if (under ? lines >= n : lines !== n) problems.push(`"${quoted}…" says ${claim}; the README has ${lines} lines`);
    }
  }
  return problems;
}
