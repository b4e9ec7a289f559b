export { CreditPlatformError, ConfigurationError, RequestValidationError } from './base.js';
export type { ErrorItem } from './error-item.js';
export type { RateLimit } from './rate-limit-state.js';
export {
  APIError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
  type APIErrorInit,
} from './api-error.js';
export { APIConnectionError, APITimeoutError, APIUserAbortError } from './connection.js';
export { InvalidResponseError, type ResponseIssue } from './invalid-response.js';
export { PacingTimeoutError } from './pacing.js';
