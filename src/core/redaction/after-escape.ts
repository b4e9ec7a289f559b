import { type DecodedText, originalRange } from './escaped-text.js';
import type { Spelling } from './secret-spellings.js';

/**
 * The spellings of the secrets split for echoes that begin inside what the decoder read as an
 * escape: by the last character of the head, the head (the spelling's first 1 to
 * {@link MAX_SWALLOWED} characters) with the rest of the spelling.
 *
 * A `\` or `%` in a text may stand for itself, and then what follows it is the start of an echo:
 * before a base64 echo that begins with `f`, a `\` decodes as a form feed; before a
 * percent-encoded one that begins with `1`, a `%4` decodes as `A`. The decoded shadow then lacks
 * the spelling's first characters, and searching it misses the echo. Such an echo is found where
 * an escape's original text ends with a head and the shadow goes on, right after the escape's
 * character, with the rest ({@link findAfterEscapes}).
 */
export type HeadIndex = ReadonlyMap<string, readonly Head[]>;

interface Head {
  readonly head: string;
  readonly rest: string;
  readonly left: number;
  readonly right: number;
}

// The most an escape can take of what follows its introducer: `uXXXX` of `\uXXXX`.
const MAX_SWALLOWED = 5;

/** Indexes `spellings` (already folded to lower case) for {@link findAfterEscapes}. */
export function headIndex(spellings: readonly Spelling[]): HeadIndex {
  const index = new Map<string, Head[]>();
  for (const { text, left, right } of spellings) {
    // The rest is never empty: a spelling wholly inside an escape is no echo.
    for (let k = 1; k <= Math.min(MAX_SWALLOWED, text.length - 1); k++) {
      const last = text[k - 1] as string;
      const heads = index.get(last) ?? [];
      heads.push({ head: text.slice(0, k), rest: text.slice(k), left, right });
      index.set(last, heads);
    }
  }
  return index;
}

/**
 * Adds the original ranges of the echoes that begin inside an escape of `decoded`: `folded` is
 * the original and `foldedDecoded` the shadow, both folded to lower case. One lookup per escape,
 * by the escape's last character, whatever the number of spellings: linear in the text.
 */
export function findAfterEscapes(
  folded: string,
  foldedDecoded: string,
  decoded: DecodedText,
  heads: HeadIndex,
  ranges: [number, number][],
): void {
  const { at, to } = decoded;
  at.forEach((index, e) => {
    const end = to[e] as number;
    const candidates = heads.get(folded[end - 1] as string);
    if (candidates === undefined) return;
    const next = index + 1;
    for (const { head, rest, left, right } of candidates) {
      if (!folded.endsWith(head, end) || !foldedDecoded.startsWith(rest, next)) continue;
      const stop = Math.min(foldedDecoded.length, next + rest.length + right);
      // Only hex and base64 spellings widen to the left, and neither holds a `\` or `%`: their
      // head lies after the introducer, so the widened start is still in the text.
      ranges.push([end - head.length - left, originalRange(decoded, next, stop)[1]]);
    }
  });
}
