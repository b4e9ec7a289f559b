import { CreditPlatformError } from './base.js';
import { excerpt } from './excerpt.js';
import type { ErrorItem } from './error-item.js';
import { inspectableHeaders, isInspectable } from './inspectable-headers.js';
import type { RateLimit } from './rate-limit-state.js';

/**
 * What every {@link APIError} is built from. The SDK builds these from responses; construct one
 * yourself to fake an error in a test.
 *
 * @example
 * ```ts
 * import { NotFoundError } from 'credit-platform';
 * const notFound = new NotFoundError({ status: 404, message: 'Deposit not found', errors: [], headers: new Headers(), rateLimit: undefined });
 * ```
 */
export interface APIErrorInit {
  /** The HTTP status of the response. */
  status: number;
  /** The envelope's `message`, or a description of the call when it had none. */
  message: string;
  /** The envelope's error items. */
  errors: ErrorItem[];
  /** The response headers. */
  headers: Headers;
  /** The rate-limit state read from the response headers. */
  rateLimit: RateLimit | undefined;
  /** The start of the response body, for diagnosis; `''` when there was none. */
  body?: string;
}

/**
 * The service (or a proxy in front of it) answered with an error status, whatever the body: an
 * envelope, an HTML page, nothing at all. The subclasses name the status; this class itself is
 * thrown for statuses they do not cover (and for `success: false` on a 2xx). The key never
 * appears in any of its fields.
 *
 * @example
 * ```ts
 * import { APIError } from 'credit-platform';
 * try {
 *   await client.deposits.create({ token: 'USDC', chain: 'Base', amount: '10.00' });
 * } catch (error) {
 *   if (error instanceof APIError) {
 *     console.error(error.status, error.message, error.errors, error.rateLimit?.remaining);
 *   }
 * }
 * ```
 */
export class APIError extends CreditPlatformError {
  override readonly name: string = 'APIError';
  /** The HTTP status of the response. */
  readonly status: number;
  /** The envelope's error items, `[]` when it had none. */
  readonly errors: ErrorItem[];
  /** The response headers (secrets redacted); `util.inspect` shows them as a plain object. */
  readonly headers: Headers;
  /** The rate-limit state read from this response, if its headers were usable. */
  readonly rateLimit: RateLimit | undefined;
  /** The start of the response body (at most 500 characters, secrets redacted), for diagnosis. */
  readonly body: string;

  constructor(init: APIErrorInit) {
    super(init.message);
    this.status = init.status;
    this.errors = init.errors;
    this.headers = isInspectable(init.headers) ? init.headers : inspectableHeaders(init.headers);
    this.rateLimit = init.rateLimit;
    this.body = excerpt(init.body ?? '');
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      status: this.status,
      errors: this.errors,
      rateLimit: this.rateLimit,
      headers: Object.fromEntries(this.headers),
      body: this.body,
    };
  }
}

/**
 * 400: the service rejected the request's parameters.
 * @example
 * ```ts
 * if (error instanceof BadRequestError) console.error(error.errors);
 * ```
 */
export class BadRequestError extends APIError {
  override readonly name: string = 'BadRequestError';
}

/**
 * 401: the API key is missing, unknown or revoked. Check `CREDIT_PLATFORM_API_KEY`.
 * @example
 * ```ts
 * if (error instanceof AuthenticationError) console.error('rotate or fix the API key');
 * ```
 */
export class AuthenticationError extends APIError {
  override readonly name: string = 'AuthenticationError';
}

/**
 * 403: the key lacks the permission (read, write or admin) the operation needs.
 * @example
 * ```ts
 * if (error instanceof PermissionDeniedError) console.error('use a key with write permission');
 * ```
 */
export class PermissionDeniedError extends APIError {
  override readonly name: string = 'PermissionDeniedError';
}

/**
 * 404: the resource does not exist.
 * @example
 * ```ts
 * async function findDeposit(id: string) {
 *   try {
 *     return await client.deposits.retrieve(id);
 *   } catch (error) {
 *     if (error instanceof NotFoundError) return null;
 *     throw error;
 *   }
 * }
 * ```
 */
export class NotFoundError extends APIError {
  override readonly name: string = 'NotFoundError';
}

/**
 * 409: a conflict, such as a duplicate.
 * @example
 * ```ts
 * if (error instanceof ConflictError) console.warn('already exists');
 * ```
 */
export class ConflictError extends APIError {
  override readonly name: string = 'ConflictError';
}

/**
 * 422: the service's validation failed; `errors` says which fields.
 * @example
 * ```ts
 * if (error instanceof UnprocessableEntityError) for (const e of error.errors) console.error(e.field, e.message);
 * ```
 */
export class UnprocessableEntityError extends APIError {
  override readonly name: string = 'UnprocessableEntityError';
}

/**
 * 429: the key's rate limit is exhausted. The SDK already waited and retried where the wait was
 * short enough; `reset` says when the window opens again.
 * @example
 * ```ts
 * declare function retry(): void; // your own
 * if (error instanceof RateLimitError) setTimeout(retry, error.reset.getTime() - Date.now());
 * ```
 */
export class RateLimitError extends APIError {
  override readonly name: string = 'RateLimitError';
  /**
   * When to try again: the end of the wait the retry clock read from this response
   * (`Retry-After`, else a spent window's `X-RateLimit-Reset`), else the time the error was
   * received (the service gave no usable hint, or a reset already past).
   */
  readonly reset: Date;

  constructor(init: APIErrorInit & { reset: Date }) {
    super(init);
    this.reset = init.reset;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reset: this.reset.toISOString() };
  }
}

/**
 * 5xx: the service failed. Idempotent calls were already retried.
 * @example
 * ```ts
 * if (error instanceof InternalServerError) console.error('service trouble, try later', error.status);
 * ```
 */
export class InternalServerError extends APIError {
  override readonly name: string = 'InternalServerError';
}
