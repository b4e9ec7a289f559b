// What fetch (and HTTP) accepts in a header, checked before a request is built: fetch itself
// throws a TypeError that quotes the offending value, which may be a token, and the SDK would
// report the caller's input as a connection error.

// RFC 9110 token characters.
const NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// RFC 9110 field-value characters: visible ASCII, Latin-1 (obs-text), space and tab. No CR, LF,
// NUL or other control character, and nothing beyond Latin-1, which a Headers value cannot hold.
const VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Which part of a header cannot be sent, and a message that says why. */
export interface HeaderProblem {
  part: 'name' | 'value';
  message: string;
}

/**
 * Why the header `name: value` cannot be sent, or `undefined` when it can. The message names the
 * header (JSON-quoted, so a line break in a name shows as `\r\n`) and never quotes the value.
 */
export function headerProblem(name: string, value: unknown): HeaderProblem | undefined {
  const quoted = JSON.stringify(name);
  if (!NAME.test(name)) return { part: 'name', message: `header ${quoted} has a name that is not a valid HTTP header name` };
  if (VALUE.test(String(value))) return undefined;
  return {
    part: 'value',
    message: `header ${quoted} has a value with a line break, a control character or a character beyond Latin-1, which fetch cannot send (the value is not shown)`,
  };
}

/** The entries of headers given as a plain object or as `[name, value]` pairs; a `Headers` instance has been checked by its own constructor. */
export function headerEntries(headers: unknown): [string, unknown][] {
  if (headers === null || typeof headers !== 'object' || headers instanceof Headers) return [];
  if (Array.isArray(headers)) return headers.map((pair) => [String((pair as unknown[])[0]), (pair as unknown[])[1]]);
  return Object.entries(headers);
}
