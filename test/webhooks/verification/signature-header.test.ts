import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bytesToHex,
  compareHex,
  isHeaderProblem,
  parseSignatureHeader,
  readSignatureHex,
  signatureText,
} from '../../../src/webhooks/verification/signature-header.js';

const HEX = 'a'.repeat(32) + '0123456789abcdef'.repeat(2);
// The rule, written the slow and obvious way: the oracle for the one-pass parser.
const WELL_FORMED = /^[ \t]*([0-9a-f]{64})[ \t]*$/;

describe('readSignatureHex (the header rule, attacker-controlled input)', () => {
  it.each<[string, Parameters<typeof readSignatureHex>[0], string]>([
    ['64 lowercase hex digits', HEX, HEX],
    ['spaces and tabs around it', ` \t${HEX}\t `, HEX],
    ['one value in a list', [HEX], HEX],
    ['undefined', undefined, 'missing_signature'],
    ['null', null, 'missing_signature'],
    ['an empty string', '', 'missing_signature'],
    ['blanks only', ' \t ', 'missing_signature'],
    ['an empty list', [], 'missing_signature'],
    ['a list holding an empty string', [''], 'missing_signature'],
    ['a repeated header', [HEX, HEX], 'malformed_signature'],
    ['uppercase', HEX.toUpperCase(), 'malformed_signature'],
    ['one uppercase digit', `${HEX.slice(0, 63)}F`, 'malformed_signature'],
    ['a sha256= prefix', `sha256=${HEX}`, 'malformed_signature'],
    ['63 digits', HEX.slice(1), 'malformed_signature'],
    ['65 digits', `${HEX}0`, 'malformed_signature'],
    ['a newline around it', `${HEX}\n`, 'malformed_signature'],
    ['a non-breaking space around it', `\u00a0${HEX}`, 'malformed_signature'],
    ['g, just past f', `${HEX.slice(0, 63)}g`, 'malformed_signature'],
    ['a backtick, just before a', `\`${HEX.slice(1)}`, 'malformed_signature'],
    ['a slash and a colon, around the digits', `/${HEX.slice(2)}:`, 'malformed_signature'],
    ['a full-width digit', `${HEX.slice(0, 63)}\uff10`, 'malformed_signature'],
  ])('%s', (_, header, expected) => {
    expect(readSignatureHex(header)).toBe(expected);
  });

  it('accepts exactly what the written rule accepts, for any string', () => {
    const hexish = fc.constantFrom(...'0123456789abcdefABCDEFgz/:@` \t\n\u00a0');
    const candidates = fc.oneof(
      fc.string(),
      fc.string({ unit: hexish, minLength: 60, maxLength: 70 }),
      fc
        .tuple(fc.string({ unit: fc.constantFrom(' ', '\t') }), fc.string({ unit: hexish, minLength: 64, maxLength: 64 }))
        .map(([blank, body]) => blank + body + blank),
    );
    fc.assert(
      fc.property(candidates, (header) => {
        const match = WELL_FORMED.exec(header);
        const got = readSignatureHex(header);
        if (match) expect(got).toBe(match[1]);
        else expect(['missing_signature', 'malformed_signature']).toContain(got);
        if (!match) expect(got).toBe(header.replace(/^[ \t]+|[ \t]+$/g, '') === '' ? 'missing_signature' : 'malformed_signature');
      }),
      { numRuns: 2_000 },
    );
  });

  it('parseSignatureHeader decodes the digits into the 32 MAC bytes', () => {
    expect(parseSignatureHeader(HEX)).toEqual(Uint8Array.from(Buffer.from(HEX, 'hex')));
    expect(parseSignatureHeader('x')).toBe('malformed_signature');
  });
});

describe('signatureText (the length rule only; the digits are checked by compareHex)', () => {
  it.each<[string, Parameters<typeof signatureText>[0], string]>([
    ['64 lowercase hex digits', HEX, HEX],
    ['spaces and tabs around 64 characters', ` \t${'z'.repeat(64)}\t `, 'z'.repeat(64)],
    ['64 characters that are not hex', 'Z'.repeat(64), 'Z'.repeat(64)],
    ['blanks only', ' \t ', 'missing_signature'],
    ['an empty list', [], 'missing_signature'],
    ['a repeated header', [HEX, HEX], 'malformed_signature'],
    ['63 characters', HEX.slice(1), 'malformed_signature'],
    ['65 characters', `${HEX}0`, 'malformed_signature'],
  ])('%s', (_, header, expected) => {
    expect(signatureText(header)).toBe(expected);
  });
});

describe('signatureText bounds (constant work on a header of any length)', () => {
  it('accepts up to 128 characters of header, the 64 digits with 64 blanks around them, and no more', () => {
    const blanks = (n: number) => ' \t'.repeat(n).slice(0, n);
    expect(signatureText(blanks(32) + HEX + blanks(32))).toBe(HEX);
    expect(signatureText(blanks(64) + HEX)).toBe(HEX);
    expect(signatureText(HEX + blanks(64))).toBe(HEX);
    expect(signatureText(blanks(33) + HEX + blanks(32))).toBe('malformed_signature');
    expect(signatureText(HEX + blanks(65))).toBe('malformed_signature');
    // Blanks alone are missing up to the bound, and too long past it.
    expect(signatureText(blanks(128))).toBe('missing_signature');
    expect(signatureText(blanks(129))).toBe('malformed_signature');
  });

  it('reads the first value of a one-value list, and refuses a list of two whatever they hold', () => {
    expect(signatureText([` ${HEX} `])).toBe(HEX);
    expect(signatureText(['', ''])).toBe('malformed_signature');
    expect(signatureText([HEX, ''])).toBe('malformed_signature');
  });

  it('keeps every character between the blanks, and only spaces and tabs count as blanks', () => {
    expect(signatureText(`\t${'b'.repeat(30)} \t ${'c'.repeat(31)}\t`)).toBe(`${'b'.repeat(30)} \t ${'c'.repeat(31)}`);
    for (const other of ['\n', '\r', '\v', '\f', '\u00a0', '\u2003', '\ufeff']) {
      expect(signatureText(other + HEX.slice(1))).toBe(other + HEX.slice(1));
      expect(readSignatureHex(other + HEX.slice(1))).toBe('malformed_signature');
    }
  });
});

describe('parseSignatureHeader and bytesToHex', () => {
  it('decode and encode every byte value the same way Buffer does', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(bytesToHex(all)).toBe(Buffer.from(all).toString('hex'));
    for (let at = 0; at < 256; at += 32) {
      const chunk = all.subarray(at, at + 32);
      expect(parseSignatureHeader(Buffer.from(chunk).toString('hex'))).toEqual(Uint8Array.from(chunk));
    }
  });

  it('refuse a header that is not 64 lowercase hex digits with the reason, not bytes', () => {
    expect(parseSignatureHeader(undefined)).toBe('missing_signature');
    expect(parseSignatureHeader(HEX.toUpperCase())).toBe('malformed_signature');
    expect(isHeaderProblem('missing_signature')).toBe(true);
    expect(isHeaderProblem(HEX)).toBe(false);
  });
});

describe('compareHex (digit check and constant-time comparison in one pass)', () => {
  const flip = (hex: string, i: number, to: string) => hex.slice(0, i) + to + hex.slice(i + 1);

  it('is 0 for the same 64 digits and positive wherever they differ', () => {
    expect(compareHex(HEX, HEX)).toBe(0);
    for (let i = 0; i < 64; i++) {
      expect(compareHex(HEX, flip(HEX, i, HEX[i] === '0' ? '1' : '0'))).toBeGreaterThan(0);
    }
  });

  it('is negative for a character that is not a lowercase hex digit, at any position', () => {
    for (const bad of ['A', 'F', 'g', '/', ':', '`', ' ', '\0', '\uff10', '\u0130', '\uffff']) {
      for (let i = 0; i < 64; i++) expect(compareHex(HEX, flip(HEX, i, bad))).toBeLessThan(0);
    }
  });

  it('is negative for an uppercase header even when it names the right MAC', () => {
    const mac = 'abcdef0123456789'.repeat(4);
    expect(compareHex(mac, mac.toUpperCase())).toBeLessThan(0);
  });
});
