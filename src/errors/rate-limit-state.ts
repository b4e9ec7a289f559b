/**
 * The rate-limit state the service reports on every response (spec section 8).
 *
 * @example
 * ```ts
 * const { data, rateLimit } = await client.accounts.me().withResponse();
 * if (rateLimit && rateLimit.remaining < 5) console.warn(`slow down until ${rateLimit.reset.toISOString()}`);
 * ```
 */
export interface RateLimit {
  /** Requests allowed in the window (`X-RateLimit-Limit`). */
  limit: number;
  /** Requests left in the window (`X-RateLimit-Remaining`). */
  remaining: number;
  /** When the window resets (`X-RateLimit-Reset`, Unix seconds). */
  reset: Date;
}
