import type * as z from 'zod/mini';
import { RequestValidationError } from '../errors/index.js';
import type { HttpMethod, QueryValue } from './http.js';
import type { RequestOptions } from './options.js';

/**
 * Options of `client.request()`: the query, the JSON body, an optional zod schema for a typed and
 * checked result, and the usual per-call options.
 *
 * @example
 * ```ts
 * const lines = await client.request('GET', '/credit/lines', { query: { limit: 10 }, schema: z.array(z.looseObject({ id: z.string() })) });
 * ```
 */
export interface RawRequestOptions<S extends z.core.$ZodType = z.core.$ZodType> extends RequestOptions {
  /** Query parameters; an `undefined` value leaves the parameter out. */
  query?: Record<string, QueryValue>;
  /** A body, sent as JSON. */
  body?: unknown;
  /**
   * A zod schema for `data`, from `zod` or `zod/mini` (any zod 4 schema): the result is then
   * typed and checked (unless `validateResponses` is off). Without one, `data` is `unknown`.
   */
  schema?: S;
}

const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Normalises the escape hatch's method and path. A path must stay under the base URL: an
 * absolute or protocol-relative URL would send the API key to another host, and `..` would
 * leave `/api/v1`, so both are refused before anything is sent.
 */
export function checkRawRequest(method: string, path: string): { method: HttpMethod; path: string } {
  const upper = typeof method === 'string' ? method.toUpperCase() : '';
  if (!METHODS.has(upper)) {
    throw new RequestValidationError(`client.request(): method must be one of ${[...METHODS].join(', ')}.`, [
      { field: 'method', code: 'INVALID_METHOD', message: `must be one of ${[...METHODS].join(', ')}` },
    ]);
  }
  const bad = (message: string): never => {
    throw new RequestValidationError(`client.request(): path ${message}.`, [{ field: 'path', code: 'INVALID_PATH', message }]);
  };
  if (typeof path !== 'string' || path.trim() === '') bad('must be a non-empty string such as "/credit/lines"');
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//') || path.startsWith('\\')) {
    bad('must be relative to the base URL (e.g. "/credit/lines"), not an absolute URL: the API key must not go to another host');
  }
  const relative = path.replace(/^\/+/, '');
  const pathOnly = relative.split(/[?#]/, 1)[0] ?? '';
  // URL parsers treat `%2e` as a dot too, so `%2e%2e` is `..` as well.
  if (pathOnly.split('/').some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment))) {
    bad('must not contain "." or ".." segments');
  }
  return { method: upper as HttpMethod, path: relative };
}
