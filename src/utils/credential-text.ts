// Leaf helper: imports nothing, so the PostgreSQL inbox (and anything else that keeps or logs an
// error's text) can hide credentials without loading the HTTP client's redaction.
//
// The client's own redaction (src/core/redaction) knows the secrets it hides and finds them in
// any spelling. Error text written by someone else's code (a driver, an HTTP library, a handler)
// holds secrets nobody named: they are found here by what stands before them instead.

const REDACTED = '[REDACTED]';

// A caller's secret shorter than this would shred ordinary words; no real key is this short.
const MIN_SECRET_LENGTH = 4;

// A setting's name: letters, digits, `_`, `-` and `.` (`DB_PASSWORD`, `x-api-key`,
// `spring.datasource.password`). One pass over the text; each name is judged on its own.
const NAME = /[A-Za-z0-9_.-]+/g;
// What joins a name to its value: an optional closing quote (also escaped, `\"`, as JSON in a
// JSON string spells it), then `=` or `:` with a little space either side.
const SEPARATOR = /(?:\\?["'])?[ \t]{0,16}[:=][ \t]{0,16}/y;
// An unquoted value: up to whitespace, a quote, or what ends a query parameter (`&`) or a
// connection-string field (`;`).
const BARE_VALUE = /[^\s"'&;]+/y;
// The schemes an `Authorization` value (or a credential copied from one) names before its
// credentials, kept for diagnosis.
const AUTH_SCHEME = /(?:bearer|basic|digest|token|bot|negotiate|ntlm|apikey|dpop|aws4-hmac-sha256)[ \t]+/iy;
// A bearer token (RFC 6750's b64token) after a bare `Bearer` and its space.
const BEARER_TOKEN = /[ \t]+([A-Za-z0-9._~+/-]+=*)/y;
// What ends a URL's authority; a password with an `@` in it does not, so the host is what
// follows the authority's last `@`.
const AUTHORITY = /[^\s/?#"'<>]*/y;

/**
 * `text` with the credentials it spells replaced by `[REDACTED]`, for error text that is stored
 * or logged (a handler's failure in the PostgreSQL inbox): what the caller knows to be secret
 * (`secrets`, each string of 4 characters or more: as it is, percent-encoded and JSON-escaped),
 * and whatever stands where text usually puts a credential:
 *
 * - the value of a setting whose name holds `password`, `passwd`, `passphrase`, `secret`,
 *   `apikey` (`api_key`, `x-api-key`), `privatekey`, `accesskey` or `credential`, or ends with
 *   `token` or `pwd` (`DB_PASSWORD=…`, `access_token=…`, `client_secret: …`,
 *   `"refresh_token": "…"`, `Pwd=…;`), joined by `=` or `:`, quoted or not;
 * - an `Authorization` (or `Proxy-Authorization`) value, its scheme (`Bearer`, `Basic`, …)
 *   kept, and the token after any bare `Bearer`;
 * - a URL's user info, up to the last `@` of its authority, so a password holding an `@` goes
 *   whole: `postgres://[REDACTED]@db/ledger`.
 *
 * A name that merely looks like one of these is redacted too (`tokenizer=…`): hiding a harmless
 * value costs less than keeping a secret. A credential spelled in none of these ways (a token
 * alone in a sentence) is kept unless it is among `secrets`.
 *
 * Linear in the text whatever it holds: every pattern is a simple character class read once from
 * where the last match ended, and values are read forward from their setting's name.
 *
 * @example
 * ```ts
 * redactCredentials('connect postgres://app:p@ss@db/ledger failed; DB_PASSWORD=hunter2');
 * // 'connect postgres://[REDACTED]@db/ledger failed; DB_PASSWORD=[REDACTED]'
 * ```
 */
// Stryker disable next-line ArrayDeclaration: a default of one made-up string redacts only a text that holds it
export function redactCredentials(text: string, secrets: readonly string[] = []): string {
  return redactSettings(redactUserInfo(redactKnown(text, secrets)));
}

function redactKnown(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    for (const spelling of new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])) {
      out = out.replaceAll(spelling, REDACTED);
    }
  }
  return out;
}

function redactUserInfo(text: string): string {
  const parts: string[] = [];
  let copied = 0;
  for (let slashes = text.indexOf('://'); slashes !== -1; slashes = text.indexOf('://', AUTHORITY.lastIndex)) {
    const start = slashes + 3;
    AUTHORITY.lastIndex = start;
    const authority = (AUTHORITY.exec(text) as RegExpExecArray)[0];
    const at = authority.lastIndexOf('@');
    if (at <= 0) continue;
    // The user name goes too: user info may be a token alone (`https://ghp_…@github.com`).
    parts.push(text.slice(copied, start), REDACTED);
    copied = start + at;
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

function redactSettings(text: string): string {
  const parts: string[] = [];
  let copied = 0;
  const name = new RegExp(NAME);
  for (let match = name.exec(text); match !== null; match = name.exec(text)) {
    const end = match.index + match[0].length;
    const kind = kindOf(match[0]);
    if (kind === undefined) continue;
    const value = kind === 'bearer' ? tokenAfter(text, end) : settingAfter(text, end);
    if (value === undefined) continue;
    const [start, stop] = value;
    parts.push(text.slice(copied, start), REDACTED);
    copied = stop;
    name.lastIndex = stop;
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

// What a name says about the value after it, by its letters and digits in lower case: a setting
// (a value after `=` or `:`), a bare `Bearer` (a token after a space), or nothing.
function kindOf(name: string): 'setting' | 'bearer' | undefined {
  const plain = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (plain === 'bearer') return 'bearer';
  if (plain.endsWith('token') || plain.endsWith('pwd')) return 'setting';
  return SECRET_WORDS.some((word) => plain.includes(word)) ? 'setting' : undefined;
}

const SECRET_WORDS = [
  'password',
  'passwd',
  'passphrase',
  'secret',
  'apikey',
  'privatekey',
  'accesskey',
  'credential',
  'authorization',
];

// Where `pattern` (sticky) stops when read at `at`; `at` when it does not match there.
function read(text: string, at: number, pattern: RegExp): number {
  pattern.lastIndex = at;
  return pattern.test(text) ? pattern.lastIndex : at;
}

// The range of the token after a bare `Bearer` that ends at `end`.
function tokenAfter(text: string, end: number): [number, number] | undefined {
  BEARER_TOKEN.lastIndex = end;
  const match = BEARER_TOKEN.exec(text);
  if (match === null) return undefined;
  const stop = BEARER_TOKEN.lastIndex;
  return [stop - (match[1] as string).length, stop];
}

// The range of the value of the setting whose name ends at `end`: inside its quotes when quoted
// (to the end of the line when the closing quote is missing, as in a cut message), else one bare
// word; past a leading scheme (`Bearer`, `Basic`, …).
function settingAfter(text: string, end: number): [number, number] | undefined {
  const at = read(text, end, SEPARATOR);
  if (at === end) return undefined;
  const quote = text.startsWith('\\"', at) ? '\\"' : text[at] === '"' || text[at] === "'" ? (text[at] as string) : '';
  const start = read(text, at + quote.length, AUTH_SCHEME);
  const stop = quote === '' ? read(text, start, BARE_VALUE) : closingQuote(text, start, quote);
  return stop === start ? undefined : [start, stop];
}

// Where the quoted text from `start` ends: before its closing `quote` (a `\` escapes what follows
// it), or at the end of the line.
function closingQuote(text: string, start: number, quote: string): number {
  let i = start;
  // Stryker disable next-line EqualityOperator: one turn more reads no character and ends the loop alike
  while (i < text.length) {
    const c = text[i];
    if (c === '\n' || c === '\r' || text.startsWith(quote, i)) return i;
    i += c === '\\' ? 2 : 1;
  }
  return text.length;
}
