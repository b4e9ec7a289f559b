import { CreditPlatformError } from './base.js';

/**
 * The request never got a response: connection refused or reset, DNS failure, TLS failure.
 * Idempotent calls were already retried.
 *
 * @example
 * ```ts
 * import { APIConnectionError } from 'credit-platform';
 * try { await client.accounts.me(); } catch (error) {
 *   if (error instanceof APIConnectionError) console.error('network trouble', error.cause);
 * }
 * ```
 */
export class APIConnectionError extends CreditPlatformError {
  override readonly name: string = 'APIConnectionError';
}

/**
 * A timeout elapsed: the per-attempt `timeout` (headers and body together) on the last attempt,
 * the call's `totalTimeout`, or a signal from `AbortSignal.timeout()` (then its reason is the
 * `cause`).
 *
 * @example
 * ```ts
 * import { APITimeoutError } from 'credit-platform';
 * try { await client.accounts.me({ timeout: 2_000 }); } catch (error) {
 *   if (error instanceof APITimeoutError) console.error('too slow');
 * }
 * ```
 */
export class APITimeoutError extends APIConnectionError {
  override readonly name: string = 'APITimeoutError';
}

/**
 * The caller's `AbortSignal` fired, during a request or while waiting to retry. The signal's
 * `reason` is the `cause`.
 *
 * @example
 * ```ts
 * import { APIUserAbortError } from 'credit-platform';
 * const controller = new AbortController();
 * setTimeout(() => controller.abort(), 100);
 * try { await client.accounts.me({ signal: controller.signal }); } catch (error) {
 *   if (error instanceof APIUserAbortError) console.log('cancelled');
 * }
 * ```
 */
export class APIUserAbortError extends CreditPlatformError {
  override readonly name: string = 'APIUserAbortError';
}
