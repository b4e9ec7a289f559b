// Its own module, free of imports, so the webhooks entry can extend it without loading the client.

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
