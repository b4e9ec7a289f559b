/**
 * A text with its escaped spellings decoded, and a map from each decoded character back to the
 * characters of the original that spelled it.
 *
 * Decoded: a JSON escape (`\uXXXX` in either hex case, `\/`, `\"`, `\b`, `\f`, `\n`, `\r`,
 * `\t`) and a `\xXX` escape below `\x80`, behind a run of up to {@link MAX_BACKSLASHES}
 * backslashes, so an escape inside a string that was itself escaped (JSON in a JSON string, a
 * logger's rendering) decodes too; a run of backslashes before anything else stands for one
 * backslash; `%XX` below `%80`, as a URL spells an ASCII character, and `%25XX` (the same,
 * percent-encoded twice); `%uXXXX`; and an HTML character reference, `&#115;` or `&#x73;` (up to
 * 8 digits, leading zeros included, with or without its `;`) for a character below U+10000.
 *
 * One pass from left to right, searching from each escape to the next `\`, `%` or `&`: the work
 * is linear in the text, and a text with none costs one search and is returned as it is. Every
 * escape is at most {@link MAX_ESCAPE_LENGTH} characters long, so a spelling of `n` characters
 * takes at most `n` times that in the original (a cut text is redacted alike up to its end).
 */
export interface DecodedText {
  /** The decoded text. */
  readonly text: string;
  /** The decoded index of each escape, ascending; with `from` and `to`, the map back. */
  readonly at: readonly number[];
  /** Where each escape starts in the original. */
  readonly from: readonly number[];
  /** Where each escape ends (exclusive) in the original. */
  readonly to: readonly number[];
}

/**
 * Builds a {@link DecodedText} from left to right: the original is copied up to each escape,
 * which stands as one character. Both decoded copies of a text are made with it (the escapes
 * decoded here, the whitespace taken out in compact-text.ts).
 */
export class DecodedTextBuilder {
  readonly #original: string;
  readonly #parts: string[] = [];
  readonly #at: number[] = [];
  readonly #from: number[] = [];
  readonly #to: number[] = [];
  #copied = 0;
  #length = 0;

  constructor(original: string) {
    this.#original = original;
  }

  /**
   * Copies the original up to `copyTo`, then `char` for the escape that spans `[from, to)` of
   * the original; copying goes on from `to`.
   */
  add(copyTo: number, char: string, from: number, to: number): void {
    this.#parts.push(this.#original.slice(this.#copied, copyTo), char);
    this.#length += copyTo - this.#copied;
    this.#at.push(this.#length);
    this.#from.push(from);
    this.#to.push(to);
    this.#length += 1;
    this.#copied = to;
  }

  /** The decoded text; `undefined` when no escape was added, so the caller uses the original. */
  finish(): DecodedText | undefined {
    if (this.#at.length === 0) return undefined;
    this.#parts.push(this.#original.slice(this.#copied));
    return { text: this.#parts.join(''), at: this.#at, from: this.#from, to: this.#to };
  }
}

/** The most backslashes an escape may stand behind: a JSON string escaped five times over. */
export const MAX_BACKSLASHES = 31;
/** The longest escape decoded: {@link MAX_BACKSLASHES} backslashes and `uXXXX`. */
export const MAX_ESCAPE_LENGTH = MAX_BACKSLASHES + 5;

// The one-character escapes, by the letter after the backslash.
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '/': '/',
  '"': '"',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** An escape read at a match of the search below: the character it stands for, and where it ends. */
interface Escape {
  readonly char: string;
  readonly end: number;
}

// `%u0073`; `%73` below `%80`, also encoded again as `%2573`. Sticky, so each reads at one
// place only, a bounded number of characters.
const PERCENT = /%(?:u([0-9a-f]{4})|(?:25)?([0-7][0-9a-f]))/iy;
// `&#115;`, `&#x73;` or `&#X73`, up to 8 digits, the `;` optional as browsers read it.
const REFERENCE = /&#(?:x([0-9a-f]{1,8})(?![0-9a-f])|(\d{1,8})(?!\d));?/iy;

// The escape `pattern` reads at `start`: its first group in hex, else its second in `radix`.
function patternAt(pattern: RegExp, text: string, start: number, radix: number): Escape | undefined {
  pattern.lastIndex = start;
  const match = pattern.exec(text);
  if (match === null) return undefined;
  const value = match[1] === undefined ? Number.parseInt(match[2] as string, radix) : Number.parseInt(match[1], 16);
  return value <= 0xffff ? { char: String.fromCharCode(value), end: pattern.lastIndex } : undefined;
}

// The escape at a match of the search below; `undefined` when there is none, or when it is a
// lone `\` standing for itself.
function escapeAt(text: string, match: RegExpExecArray): Escape | undefined {
  const start = match.index;
  const [read, unicode, byte, simple] = match;
  if (read === '%') return patternAt(PERCENT, text, start, 16);
  if (read === '&') return patternAt(REFERENCE, text, start, 10);
  const end = start + read.length;
  const code = unicode ?? byte;
  if (code !== undefined) return { char: String.fromCharCode(Number.parseInt(code, 16)), end };
  if (simple !== undefined) return { char: SIMPLE_ESCAPES[simple] as string, end };
  // A run before anything else stands for one backslash, and a longer one than MAX_BACKSLASHES
  // is read in pieces, each standing for one: no escape is longer than MAX_ESCAPE_LENGTH, and
  // the run is still read once. A lone `\` is none.
  return read.length > 1 ? { char: '\\', end } : undefined;
}

/** `text` decoded; `undefined` when it holds no escape, so the caller can use it as it is. */
export function decodeEscapes(text: string): DecodedText | undefined {
  // The search reads a backslash escape whole: a run of up to MAX_BACKSLASHES (31) backslashes
  // and the escape it stands before, if any (`uXXXX` in either hex case, `xXX` below `x80`, or
  // one of the SIMPLE_ESCAPES; `u`, `x` and the letters in lower case only). A `%` or `&` is read by
  // its own pattern. Each search starts where the last escape ended: one pass. Built per call,
  // since a pattern with the `g` flag keeps its position.
  const search = /\\{1,31}(?:u([0-9a-fA-F]{4})|x([0-7][0-9a-fA-F])|([/"bfnrt]))?|[%&]/g;
  const decoded = new DecodedTextBuilder(text);
  for (let match = search.exec(text); match !== null; match = search.exec(text)) {
    // What is not an escape (a `%` or `&`, or a lone `\`, which escapeAt reads as itself) is one
    // character, which the search has passed; an escape is passed over whole.
    const found = escapeAt(text, match);
    if (found === undefined) continue;
    decoded.add(match.index, found.char, match.index, found.end);
    search.lastIndex = found.end;
  }
  return decoded.finish();
}

/** The original range `[start, end)` that spelled the decoded range `[start, end)` (which must not be empty). */
export function originalRange(decoded: DecodedText, start: number, end: number): [number, number] {
  return [originalIndex(decoded, start, false), originalIndex(decoded, end - 1, true)];
}

// The original start (or end, exclusive) of the decoded character at `index`: found by binary
// search for the last escape at or before it.
function originalIndex(decoded: DecodedText, index: number, end: boolean): number {
  const { at, from, to } = decoded;
  let low = 0;
  // Stryker disable next-line ArithmeticOperator: one past the end reads undefined, which compares as after every index
  let high = at.length - 1;
  let last = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((at[middle] as number) <= index) {
      last = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  // Before the first escape a character is where it was; after one, it is as far past its end.
  let plain = index;
  if (last !== -1) {
    const escapeAtIndex = at[last] as number;
    if (escapeAtIndex === index) return end ? (to[last] as number) : (from[last] as number);
    plain = (to[last] as number) + (index - escapeAtIndex - 1);
  }
  return end ? plain + 1 : plain;
}
