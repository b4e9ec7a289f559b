import { ConfigurationError, RequestValidationError } from '../../errors/index.js';
import { closestName } from '../../utils/closest-name.js';
import type { ClientOptions } from './client-options.js';
import type { ListRequestOptions, RequestOptions } from '../types.js';
import type { RawRequestOptions } from '../types.js';

// The one list of option names the constructor accepts. The mapped type makes a new
// ClientOptions field a compile error until it is listed here.
const OPTION_NAMES: { readonly [K in keyof ClientOptions]-?: true } = {
  apiKey: true,
  baseUrl: true,
  timeout: true,
  maxRetries: true,
  maxRateLimitWait: true,
  fetch: true,
  defaultHeaders: true,
  validateResponses: true,
  logger: true,
  logLevel: true,
  middleware: true,
  totalTimeout: true,
  maxResponseBytes: true,
  dangerouslyAllowBrowser: true,
  pacing: true,
};
const KNOWN_OPTIONS: readonly string[] = Object.keys(OPTION_NAMES);

/** Plain JavaScript gets no compile error for `baseURL` or `tiemout`: name the slip at construction. */
export function checkOptionNames(options: unknown): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new ConfigurationError(
      'options',
      '`new CreditPlatform(options)` takes an object of options, e.g. { apiKey, baseUrl }.',
    );
  }
  for (const name of Object.keys(options)) {
    if (Object.hasOwn(OPTION_NAMES, name)) continue;
    const close = closestName(name, KNOWN_OPTIONS);
    throw new ConfigurationError(
      name,
      `Unknown client option \`${name}\`${close ? `: did you mean \`${close}\`?` : '.'} Known options: ${KNOWN_OPTIONS.join(', ')}.`,
    );
  }
}

// The per-call option names, listed like the client's: a new field of these types is a compile
// error until it is listed here.
const CALL_NAMES: { readonly [K in keyof RequestOptions]-?: true } = {
  signal: true,
  timeout: true,
  maxRetries: true,
  headers: true,
  extraBody: true,
  extraQuery: true,
  totalTimeout: true,
  middleware: true,
  maxResponseBytes: true,
};
const LIST_ONLY: { readonly [K in Exclude<keyof ListRequestOptions, keyof RequestOptions>]-?: true } = { prefetch: true };
const RAW_ONLY: { readonly [K in Exclude<keyof RawRequestOptions, keyof RequestOptions>]-?: true } = {
  query: true,
  body: true,
  schema: true,
};

/** The option names each kind of call takes: an operation's, a `list()`'s, `client.request`'s. */
export const CALL_OPTIONS: ReadonlySet<string> = new Set(Object.keys(CALL_NAMES));
/** @see CALL_OPTIONS */
export const LIST_OPTIONS: ReadonlySet<string> = new Set([...CALL_OPTIONS, ...Object.keys(LIST_ONLY)]);
/** @see CALL_OPTIONS */
export const RAW_OPTIONS: ReadonlySet<string> = new Set([...CALL_OPTIONS, ...Object.keys(RAW_ONLY)]);

/**
 * A misspelled per-call option (`{ tiemout: 5 }`) is refused like a misspelled client option,
 * but as the call's {@link RequestValidationError}, before anything is sent. `undefined` and
 * `null` mean no options; only calls that were given some pay for the check.
 */
export function checkRequestOptionNames(options: unknown, known: ReadonlySet<string>, where: string): void {
  if (options === undefined || options === null) return;
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new RequestValidationError(`${where} was not sent: options must be an object such as { timeout: 5000 }.`, [
      { field: 'options', code: 'INVALID_OPTIONS', message: 'must be an object such as { timeout: 5000 }' },
    ]);
  }
  for (const name of Object.keys(options)) {
    if (known.has(name)) continue;
    const close = closestName(name, known);
    const hint = close ? `; did you mean \`${close}\`?` : '';
    throw new RequestValidationError(
      `Unknown option \`${name}\`${close ? `: did you mean \`${close}\`?` : '.'} ${where} was not sent. Known options: ${[...known].join(', ')}.`,
      [{ field: name, code: 'UNKNOWN_OPTION', message: `is not an option${hint}` }],
    );
  }
}
