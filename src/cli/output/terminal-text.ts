// Text that the service, an endpoint or the user supplied (an endpoint's answer, an error
// message quoting the service, an event id, a path) is shown in the developer's terminal. Every
// such text goes through the one filter below, so none of it can drive the terminal, and each
// is shown on one line (line breaks as `\n`), so none of it can pass for the command's own
// output (a forged resume command above the real one): no escape
// sequence (ESC starts CSI, OSC, DCS...: colours, screen clears, title changes, OSC 52 clipboard
// writes), no C1 control (U+009B is a one-character CSI for some terminals), no carriage return
// or backspace that rewrites what was printed, no bidi override that shows text in another
// order than it runs. Each one is shown as a visible `\u001b`-style escape instead, so the
// developer still sees that it was there. Sizes are bounded before anything is read into memory.

import { redact, redactionReach } from '../../core/redaction/redact.js';

// C0 controls but TAB and LF, DEL, C1 controls; the bidi embeddings, overrides, isolates and
// marks (U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069); the line and paragraph separators
// (U+2028, U+2029), which some terminals and viewers break lines at; and lone surrogates, which
// have no UTF-8 spelling. Built from escapes so no raw control character sits in the source.
const CONTROLS = String.raw`\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069`;
const LONE_SURROGATE = String.raw`[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]`;
const UNPRINTABLE = new RegExp(`[${CONTROLS}]|${LONE_SURROGATE}`, 'g');
// The same, plus TAB and LF: for a text printed inside one line (an id, a path, an error).
const UNPRINTABLE_IN_LINE = new RegExp(String.raw`[\t\n${CONTROLS}]|${LONE_SURROGATE}`, 'g');

const escaped = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * `text` safe to print: every character that could act on a terminal (see above) is replaced by
 * its `\u001b`-style escape; TAB and LF stay, for texts of several lines (an endpoint's answer,
 * a list in a usage message).
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, escaped);
}

// In one line, the line breaks and tabs read as JSON writes them.
const LINE_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const escapedInLine = (c: string): string => LINE_ESCAPES[c] ?? escaped(c);

/**
 * {@link printable}, on one line: for a text shown inside one line, which must not start another.
 * LF, CR and TAB are shown as `\n`, `\r` and `\t`, every other control as its `\u001b`-style escape.
 */
export function printableLine(text: string): string {
  return text.replace(UNPRINTABLE_IN_LINE, escapedInLine);
}

/** The first `limit` bytes of a response body as text, and whether more followed (not read). */
export async function readBodyPrefix(response: Response, limit: number): Promise<{ text: string; truncated: boolean }> {
  if (response.body === null) return { text: '', truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    // Stryker disable next-line EqualityOperator: at exactly `limit` bytes, `<=` reads once more here and skips the read below: the same reads, text and flag.
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
    const truncated = size > limit || !(await reader.read()).done;
    return { text: new TextDecoder().decode(Buffer.concat(chunks).subarray(0, limit)), truncated };
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** How much of an endpoint's answer is read: enough that an echo inside the part shown is found whole. */
const READ_BYTES = 64 * 1024;

/**
 * An endpoint's answer as `webhooks send` shows it: at most `shown` characters, redacted of
 * `secrets` the way the SDK's errors are (plain, JSON-escaped, percent-encoded: whatever
 * src/core/redaction finds), then made {@link printableLine}: one line, whatever the endpoint sent. More than is shown is read, so an echo
 * that starts inside the shown part is found whole; when the read stopped inside the answer, its
 * last characters (room for the longest spelling of a secret) are never shown, so an echo cut by
 * the read limit cannot show its first characters.
 */
export async function readEndpointAnswer(
  response: Response,
  shown: number,
  secrets: readonly string[],
): Promise<{ text: string; truncated: boolean }> {
  const { text, truncated } = await readBodyPrefix(response, READ_BYTES);
  let safe = redact(text, secrets);
  if (truncated) {
    // The longest span any spelling of a secret that redaction finds can take.
    const guard = redactionReach(secrets);
    safe = safe.slice(0, Math.max(0, safe.length - guard));
  }
  const cut = safe.length > shown;
  return { text: printableLine(cut ? safe.slice(0, shown) : safe), truncated: truncated || cut };
}
