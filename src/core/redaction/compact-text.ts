import { type DecodedText, DecodedTextBuilder } from './escaped-text.js';

/** The longest run of whitespace taken out: longer runs are no separator any encoder writes. */
export const MAX_GAP = 16;

/**
 * `folded` with its runs of whitespace taken out (spaces, tabs, line breaks, and the `\n`, `\r`,
 * `\t` escapes a JSON string spells line breaks with), each up to {@link MAX_GAP} characters, in
 * the shape of {@link DecodedText}: the character after each run is an "escape" that starts at
 * itself and ends after it, so the map back to the original is the one escaped text uses, and a
 * match never starts or ends on the whitespace around it. A
 * byte list laid out on lines (`util.inspect` of a Buffer's JSON, hex dumps, wrapped base64)
 * then reads as one word. One pass; `undefined` when nothing was taken out.
 */
export function compactWhitespace(folded: string): DecodedText | undefined {
  // Built per call, since a pattern with the `g` flag keeps its position.
  const gap = /(?:[ \t\r\n]|\\[nrt])+/g;
  const compact = new DecodedTextBuilder(folded);
  for (let match = gap.exec(folded); match !== null; match = gap.exec(folded)) {
    const start = match.index;
    const end = start + match[0].length;
    // A long run stays, and so does one that ends the text (no character stands for it).
    if (end - start > MAX_GAP || end >= folded.length) continue;
    compact.add(start, folded[end] as string, end, end + 1);
    gap.lastIndex = end + 1;
  }
  return compact.finish();
}
