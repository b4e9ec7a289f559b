import { CreditPlatformError } from './credit-platform-error.js';
import type { ErrorItem } from './error-item.js';

export { CreditPlatformError };

/**
 * The client was configured in a way that cannot work: no API key, no base URL, or a base URL
 * that is not an absolute `http(s)` URL. Thrown by the constructor, before anything is sent.
 *
 * @example
 * ```ts
 * import { CreditPlatform, ConfigurationError } from 'credit-platform';
 * try {
 *   new CreditPlatform({ apiKey: '', baseUrl: 'https://api.example.com/api/v1' });
 * } catch (error) {
 *   if (error instanceof ConfigurationError) console.error(error.option, error.message);
 * }
 * ```
 */
export class ConfigurationError extends CreditPlatformError {
  override readonly name: string = 'ConfigurationError';

  constructor(
    /** The option at fault, e.g. `apiKey` or `baseUrl`. */
    readonly option: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), option: this.option };
  }
}

/**
 * A request rejected by the SDK before anything was sent, because an argument breaks a rule the
 * service would enforce. `errors` uses the service's own item shape.
 *
 * @example
 * ```ts
 * import { RequestValidationError } from 'credit-platform';
 * try {
 *   await client.transactions.list({ limit: 500 });
 * } catch (error) {
 *   if (error instanceof RequestValidationError) {
 *     console.error(error.errors); // [{ field: 'limit', code: 'INVALID_LIMIT', message: '...' }]
 *   }
 * }
 * ```
 */
export class RequestValidationError extends CreditPlatformError {
  override readonly name: string = 'RequestValidationError';

  constructor(
    message: string,
    /** One item per offending field. */
    readonly errors: readonly ErrorItem[],
  ) {
    super(message);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), errors: this.errors };
  }
}
