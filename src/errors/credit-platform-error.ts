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

  /**
   * The id of the call that failed: made when the call started, the same across its retries, and
   * the `requestId` field of the call's log lines and the `credit_platform.request_id` attribute
   * of its span, so one search finds all three. Set on every error a client call throws (even one
   * refused before sending); `undefined` on errors not tied to a call (a constructor's
   * `ConfigurationError`, a webhook verification error).
   */
  declare requestId?: string;

  /** A plain object for logs: no stack, no request, and so never the API key. */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = { name: this.name, message: this.message };
    if (this.requestId !== undefined) json.requestId = this.requestId;
    if (this.resumeCursor !== undefined) json.resumeCursor = this.resumeCursor;
    return json;
  }
}
