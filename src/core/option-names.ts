import { ConfigurationError } from '../errors/index.js';
import { closestName } from './closest-name.js';
import type { ClientOptions } from './options.js';

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
