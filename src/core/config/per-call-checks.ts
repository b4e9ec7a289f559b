import { ConfigurationError, RequestValidationError, type ErrorItem } from '../../errors/index.js';
import { headerEntries, headerProblem } from './header-rules.js';
import { inRange, optionRange } from './option-ranges.js';
import type { CallContext, RequestOptions } from '../types.js';

// Checks made on every call, before anything is sent.

// The per-call numbers, their error codes and units; their ranges are the client options' own.
const COUNTED = Object.freeze([
  ['timeout', 'INVALID_TIMEOUT', ' number of milliseconds'],
  ['maxRetries', 'INVALID_MAX_RETRIES', ''],
  ['totalTimeout', 'INVALID_TIMEOUT', ' number of milliseconds'],
  ['maxResponseBytes', 'INVALID_MAX_RESPONSE_BYTES', ' number of bytes'],
] as const);

// A header value must be visible ASCII; anything else makes fetch throw a TypeError whose
// message quotes the value, i.e. the key.
const HEADER_SAFE = /^[\x21-\x7e]+$/;

/** Per-call overrides are checked like the client's options, but refuse the call instead. */
export function checkRequestOptions(options: RequestOptions, context: CallContext): void {
  const items: ErrorItem[] = [];
  for (const [field, code, unit] of COUNTED) {
    const value = options[field];
    if (value === undefined || inRange(field, value)) continue;
    const { min, max } = optionRange(field);
    items.push({ field, code, message: `must be an integer${unit} from ${min} to ${max}` });
  }
  const { middleware } = options;
  if (middleware !== undefined && !(Array.isArray(middleware) && middleware.every((m) => typeof m === 'function'))) {
    items.push({
      field: 'middleware',
      code: 'INVALID_MIDDLEWARE',
      message: 'must be an array of functions (request, next) => Promise<Response>',
    });
  }
  if (options.headers !== undefined) {
    for (const [name, value] of headerEntries(options.headers)) {
      const problem = headerProblem(name, value);
      if (problem === undefined) continue;
      const field = problem.part === 'name' ? 'headers' : `headers.${name}`;
      items.push({ field, code: 'INVALID_HEADER', message: problem.message });
    }
  }
  if (items.length > 0) {
    const summary = items
      .map((item) => (item.code === 'INVALID_HEADER' ? item.message : `${item.field} ${item.message}`))
      .join('; ');
    throw new RequestValidationError(`${context.method} /${context.path} was not sent: ${summary}.`, items);
  }
}

/** Checks a key before it goes into a header; the message never includes it. */
export function checkKey(key: unknown): string {
  if (typeof key !== 'string' || !HEADER_SAFE.test(key)) {
    throw new ConfigurationError(
      'apiKey',
      'The API key must be a non-empty string of visible ASCII characters (check for stray spaces or newlines in CREDIT_PLATFORM_API_KEY).',
    );
  }
  return key;
}

/** The most pages {@link ListRequestOptions.prefetch} may read ahead. */
export const MAX_PREFETCH = 4;

/** Throws a RequestValidationError unless `prefetch` is absent or a whole number from 0 to 4. */
export function checkPrefetch(prefetch: unknown): number {
  if (prefetch === undefined) return 0;
  if (typeof prefetch !== 'number' || !Number.isInteger(prefetch) || prefetch < 0 || prefetch > MAX_PREFETCH) {
    throw new RequestValidationError(
      `list() was not sent: prefetch must be a whole number of pages from 0 to ${MAX_PREFETCH}; got ${typeof prefetch === 'number' ? prefetch : typeof prefetch}.`,
      [{ field: 'prefetch', code: 'INVALID_PREFETCH', message: `must be a whole number from 0 to ${MAX_PREFETCH}` }],
    );
  }
  return prefetch;
}
