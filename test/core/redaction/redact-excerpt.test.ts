// redactExcerpt() reads only the kept characters and the reach of the secrets after them, and
// keeps exactly what redacting the whole text would have kept: an echo spelled across the cut,
// in any spelling redaction finds (its longest too), shows none of its characters.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redact, redactExcerpt, redactionReach } from '../../../src/core/redaction/redact.js';
import { NAMED_SPELLINGS, showsNamed } from '../../helpers/named-spellings.js';

const KEY = 'cp_test_SECRET_key_9f8e7d6c5b4a';
const KEEP = 500;
const perChar = (s: string, spell: (c: string) => string) => [...s].map(spell).join('');
const u = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

// The spellings, the longest each kind can be among them: 31 backslashes before every escape,
// 8-digit references, 16 characters of whitespace between bytes.
const SPELLINGS: (readonly [string, (s: string) => string])[] = [
  ...NAMED_SPELLINGS,
  ['\\uXXXX behind 31 backslashes', (s) => perChar(s, (c) => `${'\\'.repeat(30)}${u(c)}`)],
  ['\\x behind 31 backslashes', (s) => perChar(s, (c) => `${'\\'.repeat(31)}x${c.charCodeAt(0).toString(16)}`)],
  ['8-digit references', (s) => perChar(s, (c) => `&#x${c.charCodeAt(0).toString(16).padStart(8, '0')};`)],
  [
    'a byte list with 16 characters of whitespace between bytes',
    (s) => [...Buffer.from(s)].map((b) => `${b}`).join(`,${' '.repeat(8)}\n${' '.repeat(7)}`),
  ],
  ['hex with 16 spaces between digits', (s) => [...Buffer.from(s).toString('hex')].join(' '.repeat(16))],
  ['base64', (s) => Buffer.from(s).toString('base64')],
];

const noteOf = (text: string) => `… (${text.length} characters)`;

describe('redactExcerpt', () => {
  it('keeps a short text whole, redacted, and a long one to `keep` characters with its length', () => {
    expect(redactExcerpt(`short ${KEY}`, [KEY], KEEP)).toBe('short [REDACTED]');
    const long = `${KEY} ${'x'.repeat(10_000)}`;
    const kept = redactExcerpt(long, [KEY], KEEP);
    // The original's first `KEEP - note` characters, the key among them marked.
    const shown = KEEP - noteOf(long).length;
    expect(kept).toBe(`[REDACTED] ${'x'.repeat(shown - KEY.length - 1)}${noteOf(long)}`);
    // Markers longer than what they hide are cut back to `keep` in all.
    const short = 'abcd';
    const many = `${`${short} `.repeat(2000)}`;
    const marked = redactExcerpt(many, [short], KEEP);
    expect(marked).toHaveLength(KEEP);
    expect(marked.startsWith('[REDACTED] [REDACTED] ')).toBe(true);
    expect(marked.endsWith(noteOf(many))).toBe(true);
  });

  it('reads no further than keep and the reach: what lies beyond cannot change what is kept', () => {
    const reach = redactionReach([KEY]);
    expect(reach).toBeGreaterThan(KEY.length * 16);
    const text = 'a'.repeat(KEEP + reach);
    // A secret past the reach, or the text cut there: the same excerpt but for the length.
    const beyond = redactExcerpt(`${text}${KEY}`, [KEY], KEEP);
    expect(beyond.replace(/ \(\d+ characters\)$/, '')).toBe(redactExcerpt(text, [KEY], KEEP).replace(/ \(\d+ characters\)$/, ''));
  });

  it.each(SPELLINGS)('an echo spelled as %s, starting anywhere near the cut, shows none of its characters', (_label, spell) => {
    const spelled = spell(KEY);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: spelled.length + 40 }),
        fc.constantFrom('x', ' ', '\\', '%', '&#'),
        (back, filler) => {
          const text = `${filler.repeat(4000)}`.slice(0, 4000);
          const shown = KEEP - noteOf(`${text}${spelled}${text}`).length;
          const at = Math.max(0, shown - back);
          const whole = `${text.slice(0, at)}${spelled}${text}`;
          const kept = redactExcerpt(whole, [KEY], KEEP);
          expect(kept.endsWith(noteOf(whole))).toBe(true);
          // Exactly the start of what redacting the whole text gives: nothing of the echo before it.
          const start = kept.slice(0, -noteOf(whole).length);
          expect(redact(whole, [KEY]).startsWith(start)).toBe(true);
          expect(showsNamed(start, KEY)).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });
});
