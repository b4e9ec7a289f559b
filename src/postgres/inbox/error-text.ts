// What the inbox keeps of a failure, in its table, its log lines and `list()`: never a secret. A
// handler's error may quote a connection string, a URL with credentials, a header or a setting.
import { redactCredentials } from '../../utils/credential-text.js';

const KEPT = 500;
// Read at most this much of a message: what is kept is short, and the work stays small.
const READ = 4_000;
// Control characters (NUL included, which PostgreSQL text refuses) but tab and newline.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F]/g;

/**
 * @internal The failure as the inbox stores it: the error's class name and message (no stack, no
 * fields), its credentials replaced by `[REDACTED]` (`redactCredentials`), control characters by
 * spaces, at most 500 characters. At most 4 000 characters of the message are read.
 */
export function errorText(error: unknown): string {
  let text: string;
  if (error instanceof Error) text = `${error.name}: ${error.message}`;
  else if (typeof error === 'string') text = error;
  else text = `a thrown ${error === null ? 'null' : typeof error} (not an Error)`;
  const redacted = redactCredentials(text.slice(0, READ)).replace(CONTROL, ' ');
  // Cut on a code point, so the stored text never ends in half a surrogate pair.
  return Array.from(redacted).slice(0, KEPT).join('');
}
