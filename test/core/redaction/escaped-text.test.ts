// decodeEscapes() reads every escaped spelling of a character redaction must see through, and its
// map leads each decoded character back to exactly the characters of the original that spelled
// it: redaction cuts the original along that map, so a wrong map leaves part of a secret behind.
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { originalRange } from '../../../src/core/redaction/escaped-text.js';

// Imported afresh for each test, so that the module's table of escapes is evaluated by it.
let decodeEscapes: typeof import('../../../src/core/redaction/escaped-text.js').decodeEscapes;
beforeEach(async () => {
  vi.resetModules();
  ({ decodeEscapes } = await import('../../../src/core/redaction/escaped-text.js'));
});

/** A run of the original: an escape that decodes to one character, or characters kept as they are. */
interface Unit {
  readonly spelled: string;
  readonly escape: boolean;
  /** For an escape, the character it stands for; otherwise `spelled` itself. */
  readonly decoded: string;
}

const escaped = (spelled: string, decoded: string): Unit => ({ spelled, escape: true, decoded });
const plain = (spelled: string): Unit => ({ spelled, escape: false, decoded: spelled });

// Every hex digit in both cases, so each end of each digit range is read.
const HEX_DIGITS = '0123456789abcdefABCDEF';
// The neighbours of the hex digit ranges ('/' ':' '@' 'G' '`' 'g'), which are not hex digits.
const NOT_HEX = '/:@G`g';
const hexDigit = fc.constantFrom(...HEX_DIGITS);
const hexOf = (n: number) => fc.array(hexDigit, { minLength: n, maxLength: n }).map((d) => d.join(''));
const backslashes = (min: number) => fc.integer({ min, max: 4 }).map((n) => '\\'.repeat(n));
// What ends a backslash run without forming an escape with it, whatever unit comes next: `x` is
// followed by a non-hex digit, or a next unit's digits would make it `\xXX`.
const follower = fc.constantFrom('xg', 'z', 'é', ' ', 'U', 'B', 'N');

const SIMPLE: Record<string, string> = { '/': '/', '"': '"', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

const unit: fc.Arbitrary<Unit[]> = fc.oneof(
  // Plain text holds anything but `\` and `%`, hex digits and escape letters included.
  fc.constantFrom(...'aZu09nt"/ é€\u0000\u001b'.split('')).map((c) => [plain(c)]),
  // `\uXXXX` behind any run of backslashes, in either hex case.
  fc
    .tuple(backslashes(1), hexOf(4))
    .map(([run, hex]) => [escaped(`${run}u${hex}`, String.fromCharCode(Number.parseInt(hex, 16)))]),
  // `\/`, `\"`, `\b`, `\f`, `\n`, `\r`, `\t` behind any run of backslashes.
  fc
    .tuple(backslashes(1), fc.constantFrom(...Object.keys(SIMPLE)))
    .map(([run, c]) => [escaped(`${run}${c}`, SIMPLE[c] as string)]),
  // Two or more backslashes before anything else stand for one backslash.
  fc.tuple(backslashes(2), follower).map(([run, c]) => [escaped(run, '\\'), plain(c)]),
  // One backslash before anything else stands for itself.
  follower.map((c) => [plain(`\\${c}`)]),
  // `\u` without four hex digits after it: the backslash stands for itself (one) or one backslash (a run).
  fc
    .tuple(backslashes(1), hexOf(2), fc.constantFrom(...NOT_HEX), hexDigit)
    .map(([run, hex, bad, last]) => [run.length === 1 ? plain(run) : escaped(run, '\\'), plain(`u${hex}${bad}${last}`)]),
  // `%XX` below `%80` is the ASCII character; `%80` and above, or `%` without two hex digits, is kept.
  fc.integer({ min: 0, max: 0xff }).chain((value) =>
    fc.boolean().map((upper) => {
      const hex = value.toString(16).padStart(2, '0');
      const spelled = `%${upper ? hex.toUpperCase() : hex}`;
      return [value < 0x80 ? escaped(spelled, String.fromCharCode(value)) : plain(spelled)];
    }),
  ),
  fc.tuple(fc.option(hexDigit, { nil: '' }), fc.constantFrom(...NOT_HEX)).map(([digit, bad]) => [plain(`%${digit}${bad}`)]),
);

/** The text the units spell, and what decoding it must give: the text and the escapes' map. */
function expected(units: readonly Unit[]) {
  let spelled = '';
  let text = '';
  const at: number[] = [];
  const from: number[] = [];
  const to: number[] = [];
  // For each decoded character, the range of the original that spelled it.
  const spans: [number, number][] = [];
  for (const u of units) {
    const start = spelled.length;
    spelled += u.spelled;
    if (u.escape) {
      at.push(text.length);
      from.push(start);
      to.push(spelled.length);
      spans.push([start, spelled.length]);
    } else {
      for (let i = 0; i < u.spelled.length; i++) spans.push([start + i, start + i + 1]);
    }
    text += u.decoded;
  }
  return { spelled, text, at, from, to, spans };
}

describe('decodeEscapes', () => {
  it('property: decodes every escape, keeps everything else, and maps each character back to its spelling', () => {
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), (pieces) => {
        const want = expected(pieces.flat());
        const decoded = decodeEscapes(want.spelled);
        if (want.at.length === 0) {
          // Nothing to decode: the caller searches the text as it is.
          expect(decoded).toBeUndefined();
          return;
        }
        expect(decoded).toEqual({ text: want.text, at: want.at, from: want.from, to: want.to });
        if (decoded === undefined) return;
        const { spans } = want;
        const last = spans.length - 1;
        for (let i = 0; i <= last; i++) {
          expect(originalRange(decoded, i, i + 1)).toEqual(spans[i]);
          // A longer range runs from the start of its first character's spelling to the end of its last's.
          expect(originalRange(decoded, i, last + 1)).toEqual([spans[i]?.[0], spans[last]?.[1]]);
          expect(originalRange(decoded, 0, i + 1)).toEqual([spans[0]?.[0], spans[i]?.[1]]);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('an escape cut short by the end of the text is not one', () => {
    for (const text of ['a\\u004', 'a\\u', 'a%4', 'a%', 'a\\']) expect(decodeEscapes(text)).toBeUndefined();
    expect(decodeEscapes('a\\\\u004')).toEqual({ text: 'a\\u004', at: [1], from: [1], to: [3] });
  });

  it('an escape that ends the text is read whole', () => {
    expect(decodeEscapes('ab\\u0041')?.text).toBe('abA');
    expect(decodeEscapes('ab%41')?.text).toBe('abA');
    expect(decodeEscapes('ab\\n')?.text).toBe('ab\n');
  });

  it('%00 to %7F are read; %80 and above spell bytes of a longer character and are kept', () => {
    expect(decodeEscapes('%00%7F%7f')?.text).toBe('\u0000\u007f\u007f');
    expect(decodeEscapes('%80%ff%C3%A9')).toBeUndefined();
    expect(decodeEscapes('\\u0000\\uFFFF')?.text).toBe('\u0000\uffff');
  });

  it('reads a reference or %u up to U+FFFF and leaves one past it as it is', () => {
    expect(decodeEscapes('&#xFFFF;%uFFFF&#65535;')?.text).toBe('\uffff\uffff\uffff');
    expect(decodeEscapes('&#x10000;&#65536;')).toBeUndefined();
  });

  it('finds the first escape wherever it is, with or without the other symbol in the text', () => {
    for (const [text, decoded] of [
      ['a%41', 'aA'],
      ['%41', 'A'],
      ['a\\n', 'a\n'],
      ['ab%41\\n', 'abA\n'],
      ['ab\\n%41', 'ab\nA'],
    ]) {
      expect(decodeEscapes(text as string)?.text).toBe(decoded);
    }
  });
});

describe('originalRange', () => {
  it('maps a range before, between and after escapes', () => {
    // 'ab' + '\u0063' (c) + 'de' + '%66' (f) + 'gh'
    const decoded = decodeEscapes('ab\\u0063de%66gh');
    expect(decoded?.text).toBe('abcdefgh');
    if (decoded === undefined) return;
    expect(originalRange(decoded, 0, 2)).toEqual([0, 2]);
    expect(originalRange(decoded, 1, 3)).toEqual([1, 8]);
    expect(originalRange(decoded, 2, 3)).toEqual([2, 8]);
    expect(originalRange(decoded, 3, 5)).toEqual([8, 10]);
    expect(originalRange(decoded, 4, 6)).toEqual([9, 13]);
    expect(originalRange(decoded, 6, 8)).toEqual([13, 15]);
    expect(originalRange(decoded, 0, 8)).toEqual([0, 15]);
  });
});
