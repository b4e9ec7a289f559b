import type { ErrorItem } from './error-item.js';

/**
 * The base class of every error this SDK throws, so one `instanceof` check catches them all.
 *
 * @example
 * ```ts
 * import { CreditPlatform, CreditPlatformError } from 'credit-platform';
 * try {
 *   await new CreditPlatform().accounts.me();
 * } catch (error) {
 *   if (error instanceof CreditPlatformError) console.error(error.message);
 * }
 * ```
 */
export class CreditPlatformError extends Error {
  /** The class name (`'RateLimitError'`, …), so logs and `JSON.stringify` say which error it was. */
  override readonly name: string = 'CreditPlatformError';

  /**
   * Set on every error thrown while walking a list: the cursor of the page that failed (`null`
   * for the first page), so `list({ ...params, cursor: error.resumeCursor })` continues with no
   * gap and no duplicate. `undefined` on errors of other calls.
   */
  declare resumeCursor?: string | null;

  /** A plain object for logs: no stack, no request, and so never the API key. */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = { name: this.name, message: this.message };
    if (this.resumeCursor !== undefined) json.resumeCursor = this.resumeCursor;
    return json;
  }
}

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
