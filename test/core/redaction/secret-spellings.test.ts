// The spellings redaction searches for: what each is, and that their number and size are bounded
// per secret, so the search stays a fixed number of plain `indexOf` passes over the text.
import { describe, expect, it, vi } from 'vitest';
import { encodedSpellings, foldCase } from '../../../src/core/redaction/secret-spellings.js';

describe('encodedSpellings', () => {
  it('hex, then base64 and base64url in each alignment, folded, each with the characters either side that hold bits of it', () => {
    // "abcd" is 32 bits; base64 character k holds bits [6k, 6k + 6) of what it encodes.
    expect(encodedSpellings('abcd')).toEqual([
      { text: '61626364', left: 0, right: 0 },
      // YWJjZA==: the 'A' after the needle holds the last 2 bits of "d".
      { text: 'ywjjz', left: 0, right: 1 },
      // AGFiY2Q= for one byte before: 'G' holds 4 bits of "a", 'Q' 4 bits of "d".
      { text: 'fiy2', left: 1, right: 1 },
      // AABhYmNk for two bytes before: 'B' holds 2 bits of "a"; "d" ends a group.
      { text: 'hymnk', left: 1, right: 0 },
    ]);
  });

  it('at most 7 encoded spellings, none longer than 2 characters per byte of the secret', () => {
    for (const secret of ['cpk_live_Zr8?~>q3/Wx_71c0ffee', 'whsec_x', 'é€'.repeat(50), '????????']) {
      const spellings = encodedSpellings(secret);
      const bytes = Buffer.byteLength(secret);
      expect(spellings.length).toBeLessThanOrEqual(7);
      for (const s of spellings) expect(s.text.length).toBeLessThanOrEqual(2 * bytes);
    }
  });

  it('base64url is its own spelling when base64 holds "+" or "/"', () => {
    const texts = encodedSpellings('????????').map((s) => s.text);
    expect(texts).toContain('pz8/pz8/pz'); // base64('????????') = Pz8/Pz8/Pz8=
    expect(texts).toContain('pz8_pz8_pz');
  });
});

describe('foldCase', () => {
  it('keeps every character in its place, the one that grows in lower case too', () => {
    const text = 'AbC İx ÄÖ Σ z';
    expect(foldCase(text)).toHaveLength(text.length);
    expect(foldCase(text)).toBe('abc ix äö σ z');
  });

  it('on a runtime where another character grows in lower case, folds only A-Z, every character in its place', () => {
    // As if a future Unicode gave "ß" a longer lower case: the text must keep its indexes all the same.
    const lower = String.prototype.toLowerCase;
    vi.spyOn(String.prototype, 'toLowerCase').mockImplementation(function (this: string) {
      return lower.call(this).replaceAll('ß', 'ss');
    });
    const folded = foldCase('ABC-ß-Xyz');
    vi.restoreAllMocks();
    expect(folded).toBe('abc-ß-xyz');
  });
});
