import { RequestValidationError } from '../../errors/index.js';
import type { HttpMethod } from '../types.js';

const METHODS: readonly string[] = Object.freeze(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

// The URL parser drops tabs and line breaks wherever they are (`.\t.` is `..` once parsed) and
// the rest have no place in a request line.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
const CONTROL = /[\x00-\x1f\x7f]/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Normalises the escape hatch's method and path. The path must stay under the base URL: an
 * absolute or protocol-relative URL would send the API key to another host, and a dot segment
 * would leave the base path (`/api/v1`) for another route of the same host. Everything a URL
 * parser (or a server behind it) could read as one of those is refused before anything is
 * sent: control characters, backslashes (read as `/`), dot segments plain or percent-encoded,
 * lone surrogates. The resolved URL is then checked to be under the base URL's path.
 */
export function checkRawRequest(method: string, path: string, baseUrl: string): { method: HttpMethod; path: string } {
  const upper = typeof method === 'string' ? method.toUpperCase() : '';
  if (!METHODS.includes(upper)) {
    throw new RequestValidationError(`client.request(): method must be one of ${METHODS.join(', ')}.`, [
      { field: 'method', code: 'INVALID_METHOD', message: `must be one of ${METHODS.join(', ')}` },
    ]);
  }
  const bad = (message: string): never => {
    throw new RequestValidationError(`client.request(): path ${message}.`, [{ field: 'path', code: 'INVALID_PATH', message }]);
  };
  if (typeof path !== 'string' || path.trim() === '') bad('must be a non-empty string such as "/credit/lines"');
  if (CONTROL.test(path)) {
    bad(
      'must not contain control characters (tab, CR, LF, NUL and the like): URL parsers drop some of them, so ".\\t." would become ".."',
    );
  }
  if (!wellFormed(path)) bad('is not valid text: it holds a lone UTF-16 surrogate, which no URL can carry');
  if (SCHEME.test(path) || path.startsWith('//')) {
    bad('must be relative to the base URL (e.g. "/credit/lines"), not an absolute URL: the API key must not go to another host');
  }
  // The path before any query or fragment (`split` with a limit of 1 gives exactly that part).
  const pathOnly = path.split(/[?#]/, 1)[0] as string;
  if (pathOnly.includes('\\')) bad('must not contain a backslash: URL parsers read it as "/", which can leave the base URL');
  if (hasDotSegment(pathOnly)) bad('must not contain "." or ".." segments, plain or percent-encoded');
  const relative = path.replace(/^\/+/, '');
  const base = new URL(baseUrl);
  const resolved = new URL(relative, base);
  if (resolved.origin !== base.origin || !resolved.pathname.startsWith(base.pathname)) {
    bad(`must stay under the base URL's path (${base.pathname})`);
  }
  return { method: upper as HttpMethod, path: relative };
}

// The URL parser would put U+FFFD in place of a lone surrogate; encodeURI refuses it.
function wellFormed(text: string): boolean {
  try {
    encodeURI(text);
    return true;
  } catch {
    return false;
  }
}

// URL parsers read `%2e` as a dot, and a server that decodes the path before routing reads
// `%2f` and `%5c` as separators: `..%2f` is a dot segment to it.
function hasDotSegment(pathOnly: string): boolean {
  const decoded = pathOnly.replace(/%2e/gi, '.').replace(/%2f/gi, '/').replace(/%5c/gi, '\\');
  return decoded.split(/[/\\]/).some((segment) => segment === '.' || segment === '..');
}
