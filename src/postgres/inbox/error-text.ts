// What the inbox keeps of a failure, in its table and in `list()`: never a secret. A handler's
// error may quote a connection string, a URL with credentials or a `password=` setting of a driver.

const KEPT = 500;
// Read at most this much of a message: the patterns below then run on bounded input.
const READ = 4_000;
// `scheme://user:password@host`: the credentials go.
const URL_CREDENTIALS = /\b([A-Za-z][A-Za-z0-9+.-]{0,20}:\/\/)[^\s/@]{1,500}@/g;
// `password=…`, `token: …` and the like, as drivers and HTTP clients print them.
const SECRET_SETTING =
  /\b(password|passwd|pwd|secret|token|api[_-]?key|authorization)(["']?\s{0,5}[=:]\s{0,5})("[^"]{0,500}"|'[^']{0,500}'|[^\s&;,"']{1,500})/gi;
// Control characters (NUL included, which PostgreSQL text refuses) but tab and newline.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F]/g;

/**
 * @internal The failure as the inbox stores it: the error's class name and message (no stack, no
 * fields), URL credentials and secret-looking settings replaced by `[REDACTED]`, control characters
 * by spaces, at most 500 characters. Linear in the message: at most 4 000 characters are read.
 */
export function errorText(error: unknown): string {
  let text: string;
  if (error instanceof Error) text = `${error.name}: ${error.message}`;
  else if (typeof error === 'string') text = error;
  else text = `a thrown ${error === null ? 'null' : typeof error} (not an Error)`;
  const redacted = text
    .slice(0, READ)
    .replace(URL_CREDENTIALS, '$1[REDACTED]@')
    .replace(SECRET_SETTING, '$1$2[REDACTED]')
    .replace(CONTROL, ' ');
  // Cut on a code point, so the stored text never ends in half a surrogate pair.
  return Array.from(redacted).slice(0, KEPT).join('');
}
