import { readErrorItems } from '../../errors/error-item.js';
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
} from '../../errors/index.js';
import { parseRateLimit } from '../observability/rate-limit-headers.js';
import { EXCERPT_LENGTH } from '../../errors/excerpt.js';
import { redact, redactExcerpt, redactHeaders, redactItems } from '../redaction/redact.js';

type StatusErrorClass = new (init: APIErrorInit) => APIError;

// The one table from HTTP status to error class (the public surface's error table). Statuses outside it map by
// class: any other 5xx is an InternalServerError, anything else a plain APIError.
const BY_STATUS: Readonly<Record<number, StatusErrorClass | undefined>> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
};

/** What an error response is turned into an {@link APIError} from. */
export interface ErrorResponse {
  status: number;
  headers: Headers;
  /** The whole body as received (any content type, possibly empty or cut short). */
  text: string;
  /** `METHOD /path`, for messages. */
  where: string;
  secrets: readonly string[];
  /** When the wait the retry clock read from the headers ends: a 429's `reset`. */
  resetAt: number | undefined;
  now: number;
  /** A message of the SDK's own instead of one read from the body: a refused redirect's. */
  message?: string | undefined;
  /** The body already parsed, when the caller parsed it (a 2xx with `success: false`). */
  parsed?: unknown;
}

/**
 * The longest body read as the service's envelope (a longer one is described as a body that is
 * not). Its error envelopes are a few hundred bytes; parsing a longer body would cost time in
 * proportion to what the service chose to send, when the error keeps only its start.
 */
const MAX_ENVELOPE_CHARS = 1024 * 1024;

/** The most error items an error keeps: the service sends one per offending field. */
const MAX_ERROR_ITEMS = 100;

// Says why there is no service message: an envelope without one, a proxy page, an empty or cut-short body.
function bodyNote(text: string, headers: Headers, isEnvelope: boolean): string {
  if (isEnvelope) return ' (the response carried no error message)';
  if (text.length === 0) return ' with an empty body';
  return ` with a body that is not the service's envelope (content-type: ${headers.get('content-type') ?? 'none'})`;
}

const NO_ENVELOPE = { isEnvelope: false, message: undefined, errors: undefined } as const;

/** The envelope's `message` and `errors` when the body is one; an HTML page or nothing gives neither. */
function readEnvelope(text: string, parsed: unknown): { isEnvelope: boolean; message: string | undefined; errors: unknown } {
  try {
    // A body too long to parse reads as no envelope (null).
    const body = (parsed ?? (text.length > MAX_ENVELOPE_CHARS ? null : JSON.parse(text))) as {
      success?: unknown;
      message?: unknown;
      errors?: unknown;
    } | null;
    // Stryker disable next-line ConditionalExpression,LogicalOperator: null throws into the catch below and a primitive has no fields: the same answer
    if (body === null || typeof body !== 'object') return NO_ENVELOPE;
    const message = typeof body.message === 'string' && body.message.trim() !== '' ? body.message : undefined;
    return { isEnvelope: typeof body.success === 'boolean', message, errors: body.errors };
  } catch {
    return NO_ENVELOPE;
  }
}

/**
 * Builds the {@link APIError} subclass that names the status. The status decides the class,
 * whatever the body says (an error status with `success: true` is still an error); every string
 * the server sent is redacted. Each is bounded first: the body, the service's message and each
 * error item's fields are kept to their first {@link EXCERPT_LENGTH} characters, and only those
 * (and the reach of the secrets' spellings after them) are redacted, so a failed call costs the
 * same whatever the length of the body.
 */
export function apiErrorFromResponse(response: ErrorResponse): APIError {
  const { status, headers, text, secrets } = response;
  const envelope = readEnvelope(text, response.parsed);
  // Never '': an envelope's message counts only when it is not blank.
  const serviceMessage = envelope.message && redactExcerpt(envelope.message, secrets, EXCERPT_LENGTH);
  const init: APIErrorInit = {
    status,
    // The message of every API error: the status first (`404 Deposit not found`), so a log line
    // or a test failure says what happened, then the service's own summary when the body was an
    // envelope that had one, else a description of the call.
    message: redact(
      response.message ??
        `${status} ${serviceMessage ?? `${response.where} failed${bodyNote(text, headers, envelope.isEnvelope)}`}`,
      secrets,
    ),
    errors: redactItems(readErrorItems(envelope.errors).slice(0, MAX_ERROR_ITEMS), secrets),
    headers: redactHeaders(headers, secrets),
    rateLimit: parseRateLimit(headers),
    body: redactExcerpt(text, secrets, EXCERPT_LENGTH),
  };
  if (status === 429) return new RateLimitError({ ...init, reset: new Date(response.resetAt ?? response.now) });
  const ErrorClass = BY_STATUS[status] ?? (status >= 500 && status <= 599 ? InternalServerError : APIError);
  return new ErrorClass(init);
}
