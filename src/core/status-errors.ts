import {
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
  type APIErrorInit,
} from '../errors/index.js';
import { retryAfterMs } from './rate-limit.js';

type StatusErrorClass = new (init: APIErrorInit) => APIError;

// The one table from HTTP status to error class (the public surface's error table). Statuses outside it map by
// class: any other 5xx is an InternalServerError, anything else a plain APIError.
const BY_STATUS: ReadonlyMap<number, StatusErrorClass> = new Map<number, StatusErrorClass>([
  [400, BadRequestError],
  [401, AuthenticationError],
  [403, PermissionDeniedError],
  [404, NotFoundError],
  [409, ConflictError],
  [422, UnprocessableEntityError],
]);

/**
 * Builds the {@link APIError} subclass that names `init.status`. Its message starts with the
 * status (`404 Deposit not found`), so a log line or a test failure says what happened.
 */
export function apiErrorFromStatus(given: APIErrorInit, now: number): APIError {
  const init = { ...given, message: `${given.status} ${given.message}` };
  if (init.status === 429) {
    const reset = init.rateLimit?.reset ?? new Date(now + (retryAfterMs(init.headers, now) ?? 0));
    return new RateLimitError({ ...init, reset });
  }
  const ErrorClass = BY_STATUS.get(init.status) ?? (init.status >= 500 && init.status <= 599 ? InternalServerError : APIError);
  return new ErrorClass(init);
}
