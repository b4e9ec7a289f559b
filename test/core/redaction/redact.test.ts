// redact() finds a secret in every spelling an echo can give it, and leaves everything else alone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redact } from '../../../src/core/redaction/redact.js';
import { unescapeAll } from '../../setup/leak-guard.js';

const SECRET = 'sk_test_a/b+c"d\\e%f';
const u = (c: string, upper = false) => {
  const code = c.charCodeAt(0).toString(16).padStart(4, '0');
  return `\\u${upper ? code.toUpperCase() : code}`;
};

describe('redact', () => {
  it.each([
    ['plain', SECRET],
    ['as JSON.stringify writes it', JSON.stringify(SECRET).slice(1, -1)],
    ['escaped again, as JSON in a JSON string', JSON.stringify(JSON.stringify(SECRET)).slice(3, -3)],
    ['every character as \\uXXXX', [...SECRET].map((c) => u(c)).join('')],
    ['every character as \\uXXXX, upper-case hex', [...SECRET].map((c) => u(c, true)).join('')],
    ['a mix of escaped and plain characters', [...SECRET].map((c, i) => (i % 2 ? u(c, i % 3 === 0) : c)).join('')],
    ['"/" as "\\/"', JSON.stringify(SECRET).slice(1, -1).replaceAll('/', '\\/')],
    ['percent-encoded', encodeURIComponent(SECRET)],
  ])('finds the secret spelled %s', (_label, spelled) => {
    expect(redact(`before ${spelled} after`, [SECRET])).toBe('before [REDACTED] after');
  });

  it('finds each occurrence, of each secret, in one JSON body', () => {
    const body = JSON.stringify({ a: SECRET, b: { c: [`x${SECRET}y`, 'whsec_other'] } }).replaceAll('/', '\\/');
    expect(redact(body, [SECRET, 'whsec_other'])).toBe('{"a":"[REDACTED]","b":{"c":["x[REDACTED]y","[REDACTED]"]}}');
  });

  it('one marker for secrets that overlap or touch', () => {
    expect(redact('<abcdefgh>', ['abcdef', 'defgh'])).toBe('<[REDACTED]>');
    expect(redact('<abcd\\u0065fgh>', ['abcd', 'efgh'])).toBe('<[REDACTED]>');
  });

  it('keeps the rule for very short secrets, in any spelling', () => {
    expect(redact('abc \\u0061bc', ['abc'])).toBe('abc \\u0061bc');
    // A longer secret whose decoded form is short would shred ordinary text just the same.
    expect(redact('AB and AB', ['%41%42'])).toBe('AB and AB');
  });

  it('returns a text with no secret in it unchanged, escapes and all', () => {
    const text = '{"path":"C:\\\\dir\\/file","pct":"100%","u":"\\u00e9\\uZZZZ\\"","tail":"\\';
    expect(redact(text, [SECRET])).toBe(text);
    expect(redact(text, [])).toBe(text);
  });

  it('property: a secret spelled with any mix of escapes, in any text, never survives', () => {
    const secretChar = fc.constantFrom(...'abcXYZ019_-+/=.:"é€'.split(''));
    const spelling = fc.constantFrom('plain', 'lower', 'upper', 'json', 'twice');
    const spell = (c: string, how: string) => {
      if (how === 'lower' || how === 'upper') return u(c, how === 'upper');
      if (how === 'json') return JSON.stringify(c).slice(1, -1).replace('/', '\\/');
      if (how === 'twice') return JSON.stringify(u(c)).slice(1, -1);
      return c;
    };
    fc.assert(
      fc.property(
        fc.array(fc.tuple(secretChar, spelling), { minLength: 4, maxLength: 24 }),
        fc.string(),
        fc.string(),
        (chars, before, after) => {
          const secret = chars.map(([c]) => c).join('');
          const spelled = chars.map(([c, how]) => spell(c, how)).join('');
          const out = redact(`${before} ${spelled} ${after}`, [secret]);
          expect(out).toContain('[REDACTED]');
          expect(unescapeAll(out).replaceAll(secret, '').length).toBe(unescapeAll(out).length);
        },
      ),
    );
  });
});
