import type { ErrorItem } from '../../errors/error-item.js';
import { EXCERPT_LENGTH } from '../../errors/excerpt.js';
import { inspectableHeaders } from '../../errors/inspectable-headers.js';
import { findAfterEscapes, type HeadIndex, headIndex } from './after-escape.js';
import { compactWhitespace, MAX_GAP } from './compact-text.js';
import { type DecodedText, decodeEscapes, MAX_ESCAPE_LENGTH, originalRange } from './escaped-text.js';
import { byteListSpellings, encodedSpellings, foldCase, type Spelling } from './secret-spellings.js';

const REDACTED = '[REDACTED]';

/**
 * Replaces every occurrence of each secret in `text`, however it is spelled: plainly, or with any
 * of its characters escaped as JSON escapes them (`\uXXXX` in either hex case, `\/`, also behind
 * more backslashes when the escape was escaped again), as `\x73`, as a URL encodes them (`%73`,
 * also encoded twice, `%2573`, and `%u0073`) or as an HTML character reference (`&#115;`,
 * `&#x73;`); with its ASCII letters in any case, or written in fullwidth forms (`ｓｋ`); and its
 * UTF-8 bytes in hex (either case, also with spaces, line breaks, `:` or `-` between bytes, or
 * `\x` before each), as a list of decimal numbers (Node's Buffer JSON), base64 or base64url
 * (padded or not, wrapped or not, whatever precedes the secret in the encoded text, so `Basic`
 * credentials `base64(user:key)`, `base64(key:)` and `base64(:key)` too), hex and base64 also
 * escaped or percent-encoded. Applied to every string an error or a log line keeps from
 * something the server sent, since a misbehaving proxy or service may echo the key back, and
 * encoders spell it as they like.
 *
 * The text is folded to lower case and decoded once into a shadow copy with a map back to the
 * original (escaped-text.ts), and once more with its whitespace taken out (compact-text.ts);
 * each secret's spellings (secret-spellings.ts, computed once per call: the `secrets` array a
 * call builds is the cache key) are found in these by plain search, and each match is cut out
 * of the original along the map; so is an echo that begins inside what the decoder read as an
 * escape (a `\` or `%` standing for itself before it; after-escape.ts). No pattern is built from
 * a secret, so the work is linear in the text whatever it holds, a fixed number of searches per
 * secret; it runs only when an error or a log line is built, never on a call that succeeds.
 */
export function redact(text: string, secrets: readonly string[]): string {
  const ranges = rangesOf(text, searchesFor(secrets));
  return ranges.length === 0 ? text : cut(text, ranges, text.length);
}

/**
 * The start of `text` that an error keeps for diagnosis, redacted: at most `keep` characters
 * (`… (N characters)` included when the text was longer). Only `keep` characters and then the
 * longest span any spelling of the secrets can take (their reach) are read, so the work is
 * bounded by what is kept, however long the text: a spelling that starts in the kept part ends
 * within what is read, and is found whole, as {@link redact} finds it in the whole text.
 */
export function redactExcerpt(text: string, secrets: readonly string[], keep: number): string {
  const searches = searchesFor(secrets);
  if (text.length <= keep) return redact(text, secrets);
  const note = `… (${text.length} characters)`;
  const shown = Math.max(0, keep - note.length);
  const read = text.slice(0, shown + searches.reach);
  // A marker may make the redacted start longer than the original's: cut again, past every
  // secret already, so what is cut off is plain text or part of a marker.
  return `${cut(read, rangesOf(read, searches), shown).slice(0, shown)}${note}`;
}

/**
 * The most characters of a text one spelling of `secrets` can span: a text cut anywhere hides an
 * echo that crosses the cut once that many characters before it are dropped too.
 */
export function redactionReach(secrets: readonly string[]): number {
  return searchesFor(secrets).reach;
}

function rangesOf(text: string, { inText, inCompact, inDecoded, heads }: Searches): [number, number][] {
  const ranges: [number, number][] = [];
  const folded = foldCase(text);
  find(folded, inText, ranges, undefined);
  const compact = compactWhitespace(folded);
  find(compact?.text ?? folded, inCompact, ranges, compact);
  const decoded = decodeEscapes(text);
  if (decoded !== undefined) {
    const foldedDecoded = foldCase(decoded.text);
    find(foldedDecoded, inDecoded, ranges, decoded);
    findAfterEscapes(folded, foldedDecoded, decoded, heads, ranges);
  }
  return ranges;
}

const MIN_SECRET_LENGTH = 4;

/**
 * What a call's secrets are searched for: their spellings searched in the text as it is, in its
 * compact copy (whitespace out) and in its decoded shadow, the heads of those searched in the
 * shadow, and the reach: the most characters of the original any one match can span.
 */
interface Searches {
  readonly inText: readonly Spelling[];
  readonly inCompact: readonly Spelling[];
  readonly inDecoded: readonly Spelling[];
  readonly heads: HeadIndex;
  readonly reach: number;
}

// Keyed by the call's own `secrets` array, so the spellings are computed once per call however
// many strings of its error or log lines are redacted.
const searchCache = new WeakMap<readonly string[], Searches>();

function searchesFor(secrets: readonly string[]): Searches {
  let searches = searchCache.get(secrets);
  if (searches === undefined) {
    const inText: Spelling[] = [];
    const inCompact: Spelling[] = [];
    const inDecoded: Spelling[] = [];
    for (const secret of secrets) {
      // Very short "secrets" would shred ordinary words; a real key is never this short.
      if (secret.length < MIN_SECRET_LENGTH) continue;
      const encoded = encodedSpellings(secret);
      inText.push({ text: foldCase(secret), left: 0, right: 0 });
      // Hex, base64 and byte lists hold no whitespace: the compact copy finds them wherever the
      // text does, and also laid out on several lines.
      inCompact.push(...encoded, ...byteListSpellings(secret));
      // The secret may itself hold what reads as an escape: the shadow holds it decoded.
      const plain = decodeEscapes(secret)?.text ?? secret;
      if (plain.length >= MIN_SECRET_LENGTH) inDecoded.push({ text: foldCase(plain), left: 0, right: 0 });
      inDecoded.push(...encoded);
    }
    // Each character of the decoded shadow stands for at most one escape, of each compact copy
    // for at most a gap and a character of the original: the longest span a match of each can take.
    const reach = Math.max(span(inText, 1), span(inCompact, MAX_GAP + 1), span(inDecoded, MAX_ESCAPE_LENGTH));
    searches = { inText, inCompact, inDecoded, heads: headIndex(inDecoded), reach };
    searchCache.set(secrets, searches);
  }
  return searches;
}

// The most characters of the original a match of `spellings` can span, at most `per` for each
// character matched.
function span(spellings: readonly Spelling[], per: number): number {
  return Math.max(0, ...spellings.map(({ text, left, right }) => (text.length + left + right) * per));
}

// Adds the ranges of the original that hold each of `spellings` in `haystack` (the original, or
// its decoded shadow when `decoded` is given), widened by the characters either side that also
// hold bits of the secret.
function find(
  haystack: string,
  spellings: readonly Spelling[],
  ranges: [number, number][],
  decoded: DecodedText | undefined,
): void {
  for (const { text: needle, left, right } of spellings) {
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
      const start = Math.max(0, at - left);
      const end = Math.min(haystack.length, at + needle.length + right);
      ranges.push(decoded ? originalRange(decoded, start, end) : [start, end]);
    }
  }
}

// `text` up to `end` with each range, merged with those it overlaps or touches, replaced by the
// marker; a range that starts at or past `end` is left out, one that crosses it is marked whole.
function cut(text: string, ranges: [number, number][], end: number): string {
  ranges.sort((a, b) => a[0] - b[0]);
  const parts: string[] = [];
  let covered = -1;
  for (const [start, stop] of ranges) {
    if (start >= end && start > covered) break;
    if (start > covered) parts.push(text.slice(Math.max(covered, 0), start), REDACTED);
    covered = Math.max(covered, stop);
  }
  if (covered < end) parts.push(text.slice(Math.max(covered, 0), end));
  return parts.join('');
}

/**
 * Every field of every error item, redacted: the service may echo the key in any of them. Each
 * field keeps at most {@link EXCERPT_LENGTH} characters, redacted as {@link redactExcerpt} does.
 */
export function redactItems(items: readonly ErrorItem[], secrets: readonly string[]): ErrorItem[] {
  const bounded = (text: string) => redactExcerpt(text, secrets, EXCERPT_LENGTH);
  return items.map((item) => {
    const out: ErrorItem = { field: bounded(item.field), message: bounded(item.message) };
    if (item.code !== undefined) out.code = bounded(item.code);
    return out;
  });
}

/** A copy of `headers` with every value redacted. */
export function redactHeaders(headers: Headers, secrets: readonly string[]): Headers {
  const out = inspectableHeaders();
  for (const [name, value] of headers) out.append(name, redact(value, secrets));
  return out;
}

/**
 * The `cause` an SDK error keeps: the original when nothing of it can hold a secret, else a copy
 * of the chain that keeps only each error's name, `code` and message and stack, redacted, at most
 * five errors deep. A string cause is redacted; an object cause that is not an Error is dropped. The
 * original is kept only when its message, stack and every other field it lists are strings or
 * numbers free of secrets: a field holding an object (the `Request` a custom `fetch` attached,
 * with the key in its headers) cannot be vouched for, so the copy leaves it out.
 */
export function redactCause(cause: unknown, secrets: readonly string[], depth = 0): unknown {
  if (typeof cause === 'string') return redact(cause, secrets);
  // An object that is not an Error cannot be vouched for field by field: it is left out.
  if (!(cause instanceof Error))
    return (typeof cause === 'object' || typeof cause === 'function') && cause !== null ? undefined : cause;
  // Five errors deep is more than any chain the SDK builds; what lies below is dropped, never kept unread.
  const inner = depth >= 4 ? undefined : redactCause(cause.cause, secrets, depth + 1);
  const message = redact(cause.message, secrets);
  const stack = cause.stack === undefined ? undefined : redact(cause.stack, secrets);
  if (message === cause.message && stack === cause.stack && inner === cause.cause && fieldsAreClean(cause, secrets)) {
    return cause;
  }
  const copy = new Error(message, inner === undefined ? undefined : { cause: inner });
  copy.name = cause.name;
  copy.stack = stack ?? `${cause.name}: ${message}`;
  const code = (cause as { code?: unknown }).code;
  if (typeof code === 'string') Object.assign(copy, { code: redact(code, secrets) });
  return copy;
}

// Whether every field an error lists (its `code`, `errno`, `syscall`, ...) is a primitive that
// holds no secret; `cause` is judged on its own.
function fieldsAreClean(error: Error, secrets: readonly string[]): boolean {
  for (const key of Object.keys(error)) {
    if (key === 'cause') continue;
    const value = (error as unknown as Record<string, unknown>)[key];
    if (typeof value === 'string') {
      if (redact(value, secrets) !== value) return false;
    } else if (value !== null && (typeof value === 'object' || typeof value === 'function')) {
      return false;
    }
  }
  return true;
}

// A class name and a code that cannot hold a key: an identifier ending in `Error` or `Exception`,
// an upper-case code.
const ERROR_NAME = /^[A-Za-z][A-Za-z0-9]{0,60}(?:Error|Exception)$/;
const ERROR_CODE = /^[A-Z][A-Z0-9_]{0,60}$/;

/**
 * What an SDK error keeps of an error thrown by code that holds a secret (the `apiKey`
 * function): a fresh error with the thrown error's class name and `code`, and a phrase naming
 * them for the message. Its message, stack and every other field are dropped, since any of them
 * may hold the key (`vault said: sk_live_…`); a name or code that does not look like one (an
 * identifier ending in `Error`/`Exception`, an upper-case code or a number) is dropped too.
 */
export function opaqueCause(thrown: unknown): { cause: Error; described: string } {
  if (!(thrown instanceof Error)) {
    const what =
      thrown === null || thrown === undefined
        ? String(thrown)
        : typeof thrown === 'object'
          ? 'an object that is not an Error'
          : `a ${typeof thrown}`;
    return { cause: withheld('Error', undefined), described: what };
  }
  const name = ERROR_NAME.test(thrown.name) ? thrown.name : 'Error';
  const raw = (thrown as { code?: unknown }).code;
  const code = (typeof raw === 'string' && ERROR_CODE.test(raw)) || Number.isFinite(raw) ? (raw as string | number) : undefined;
  const article = /^[AEIOU]/.test(name) ? 'an' : 'a';
  return { cause: withheld(name, code), described: `${article} ${name}${code === undefined ? '' : ` (code ${code})`}` };
}

function withheld(name: string, code: string | number | undefined): Error {
  const error = new Error('message withheld: it may hold a secret');
  error.name = name;
  error.stack = `${name}: ${error.message}`;
  if (code !== undefined) Object.assign(error, { code });
  return error;
}
