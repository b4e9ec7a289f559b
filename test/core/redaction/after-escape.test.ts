// An echo right after a `\` or `%` that stands for itself: the decoder reads the introducer and
// the echo's first characters as one escape, and the echo is still found.
import { describe, expect, it } from 'vitest';
import { headIndex } from '../../../src/core/redaction/after-escape.js';
import { redact } from '../../../src/core/redaction/redact.js';
import { spelledIn } from '../../setup/leak-guard.js';

const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('an echo that begins inside an escape', () => {
  it('percent-encoded base64 after a lone `\\` that reads as `\\f` (found by the property test)', () => {
    const secret = '~aaaa~aaaa';
    const spelled = encodeURIComponent(b64(secret));
    expect(spelled).toBe('fmFhYWF%2BYWFhYQ%3D%3D');
    const out = redact(`\\${spelled}\\`, [secret]);
    // 10 bytes end 2 bits into the 14th character, so "Q" goes too; the padding holds none.
    expect(out).toBe('\\[REDACTED]%3D%3D\\');
    expect(spelledIn(out, [secret])).toBeUndefined();
  });

  it.each([
    ['`\\b` takes 1 character', 'x\\bcd\\/efgh y', 'bcd/efgh', 'x\\[REDACTED] y'],
    ['`%4` + 1 takes 1 character', 'x%41ab%2Fcdef y', '1ab/cdef', 'x%4[REDACTED] y'],
    ['`%` + 41 takes 2 characters', 'x%41ab%2Fcdef y', '41ab/cdef', 'x%[REDACTED] y'],
    ['`\\u00` + 41 takes 2 characters', 'x\\u0041ab\\/cdef y', '41ab/cdef', 'x\\u00[REDACTED] y'],
    ['`\\u` + 0041 takes 4 characters', 'x\\u0041ab\\/cdef y', '0041ab/cdef', 'x\\u[REDACTED] y'],
    ['`\\` + u0041 takes 5 characters', 'x\\u0041ab\\/cdef y', 'u0041ab/cdef', 'x\\[REDACTED] y'],
    ['hex digits of either case', 'x\\u004Abc\\/def y', '4abc/def', 'x\\u00[REDACTED] y'],
    ['behind more backslashes', 'x\\\\\\bcd\\/efgh y', 'bcd/efgh', 'x\\\\\\[REDACTED] y'],
    ['at the very start of the text', '\\bcd\\/efgh', 'bcd/efgh', '\\[REDACTED]'],
    ['up to the very end of the text', 'x\\bcd\\/efgh', 'bcd/efgh', 'x\\[REDACTED]'],
  ])('%s', (_label, text, secret, expected) => {
    expect(redact(text, [secret])).toBe(expected);
  });

  it('base64 after the escape: the character before it that holds bits of the secret goes too', () => {
    // "um" puts the secret 2 bytes into a group: character 2 holds 4 bits of "m" and 2 of the
    // secret, and the secret's first whole character, "0", follows it. A lone `%` before them
    // reads "%10" as one escape, which takes both.
    const secret = 'tok_live_0123456789abcdef';
    const tail = b64(`um${secret}`).slice(2);
    expect(tail.slice(0, 2)).toBe('10');
    // One character JSON-escaped, so that only the decoded shadow holds the echo.
    const escaped = `${tail.slice(0, 10)}\\u00${tail.charCodeAt(10).toString(16)}${tail.slice(11)}`;
    const out = redact(`%${escaped} end`, [secret]);
    expect(out).toBe('%[REDACTED] end');
    // The same range as without the `%`, where no escape takes anything.
    expect(redact(`${escaped} end`, [secret])).toBe('[REDACTED] end');
  });

  it('leaves alone an escape followed by a near miss, in each part', () => {
    for (const text of ['x\\bcd\\/efgX y', 'x\\bXd\\/efgh y', 'x\\bcd\\/efg', 'x%41ab%2Fcdeg y']) {
      expect(redact(text, ['bcd/efgh', '1ab/cdef'])).toBe(text);
    }
  });

  it('an escape never stands for more than `uXXXX`: the rest of a spelling is never empty', () => {
    const index = headIndex([
      { text: 'abcdefgh', left: 0, right: 0 },
      { text: 'xyz', left: 1, right: 1 },
    ]);
    const heads = [...index.values()].flat().map(({ head, rest }) => `${head}|${rest}`);
    expect(heads.sort()).toEqual(['a|bcdefgh', 'ab|cdefgh', 'abc|defgh', 'abcd|efgh', 'abcde|fgh', 'x|yz', 'xy|z'].sort());
    expect(index.get('c')?.map(({ head }) => head)).toEqual(['abc']);
    expect(index.get('x')).toEqual([{ head: 'x', rest: 'yz', left: 1, right: 1 }]);
  });
});
