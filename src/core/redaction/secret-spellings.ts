/**
 * The spellings of one secret that redaction searches for, each as a plain string to find with
 * `indexOf` in a text whose letters were folded to lower case ({@link foldCase}), so every
 * spelling is found in upper, lower or mixed case:
 *
 * - the secret itself;
 * - its UTF-8 bytes in hex;
 * - its UTF-8 bytes in base64 and in base64url, in each of the three alignments. Base64 writes
 *   3 bytes as 4 characters, so what precedes the secret in the encoded text (`user:` in
 *   `Basic base64(user:key)`, a JSON prefix, nothing at all) decides whether its first byte
 *   starts a group or sits 1 or 2 bytes into one, and each case spells the secret differently.
 *   Of each alignment the needle keeps the characters made only of the secret's bits, so it
 *   matches whatever precedes or follows the secret, padded or not; `left` and `right` say how
 *   many characters either side also hold some of its bits (at most one each), so that the
 *   redacted range takes them too.
 *
 * The spellings are computed once per secret; the search is then a constant number of `indexOf`
 * calls per secret, linear in the text.
 */
export interface Spelling {
  /** The spelling, folded to lower case. */
  readonly text: string;
  /** Characters before a match that also carry bits of the secret. */
  readonly left: number;
  /** Characters after a match that also carry bits of the secret. */
  readonly right: number;
}

/**
 * `text` with its letters in lower case and its fullwidth forms (U+FF01 to U+FF5E, `ｓｋ＿`) read
 * as the ASCII characters they stand for, each character in its place so indexes are kept. The
 * one character whose lower case is longer, `İ` (U+0130), is folded as `I`; should any other ever
 * change the length, only `A`-`Z` are folded.
 */
export function foldCase(text: string): string {
  const narrow = text.replace(/[\uff01-\uff5e]/g, fromFullwidth);
  const lower = (narrow.includes('\u0130') ? narrow.replaceAll('\u0130', 'I') : narrow).toLowerCase();
  return lower.length === narrow.length ? lower : narrow.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

// A fullwidth form is its ASCII character moved up by 0xFEE0.
const fromFullwidth = (c: string): string => String.fromCharCode(c.charCodeAt(0) - 0xfee0);

/**
 * The spellings of `secret`'s UTF-8 bytes as a list, which redaction searches in the text with
 * its whitespace taken out (compact-text.ts): the hex digits of each byte joined by `:` or `-`
 * (`73:6b:5f`; hex joined by spaces or line breaks is the hex spelling once they are out; `\x73`
 * escapes are decoded, escaped-text.ts), and in decimal joined by commas (`115,107,95`), as
 * Node's Buffer JSON (`{"type":"Buffer","data":[115,107,95]}`) and `util.inspect` of it write them.
 */
export function byteListSpellings(secret: string): Spelling[] {
  const bytes = new TextEncoder().encode(secret);
  const pairs = hex(bytes).match(/../g) as string[];
  return [pairs.join(':'), pairs.join('-'), bytes.join(',')].map((text) => ({ text, left: 0, right: 0 }));
}

/** The hex and base64 spellings of `secret` (its plain spelling is searched on its own). */
export function encodedSpellings(secret: string): Spelling[] {
  const bytes = new TextEncoder().encode(secret);
  const out: Spelling[] = [{ text: hex(bytes), left: 0, right: 0 }];
  // `btoa` reads each character as one byte; a loop rather than a spread, which a long secret
  // would take past the engine's limit on arguments.
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  for (const align of [0, 1, 2]) {
    // `align` zero bytes before the secret stand for what precedes it in the encoded text.
    const encoded = btoa('\0'.repeat(align) + binary);
    const bits = 8 * (align + bytes.length);
    // Character k covers bits [6k, 6k + 6); the secret's bits are [8 * align, bits). Of the
    // encoded text the needle keeps the whole characters made only of them: never the last one
    // for the bits left over, nor the padding, which also stand for whatever follows.
    const core = encoded.slice(Math.ceil((8 * align) / 6), Math.floor(bits / 6));
    // A secret that starts a group shares no character with what precedes it; 1 or 2 bytes in, it does.
    const left = align === 0 ? 0 : 1;
    const right = bits % 6 === 0 ? 0 : 1;
    for (const text of [core, core.replaceAll('+', '-').replaceAll('/', '_')]) {
      const folded = foldCase(text);
      if (!out.some((s) => s.text === folded)) out.push({ text: folded, left, right });
    }
  }
  return out;
}

const HEX = '0123456789abcdef';

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += HEX[byte >> 4] + (HEX[byte & 15] as string);
  return out;
}
