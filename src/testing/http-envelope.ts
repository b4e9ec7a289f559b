import { readBodyWithin } from '../utils/limited-body.js';

/**
 * The envelope of spec section 2.1 and the one error type route handlers throw.
 * Handlers validate first and throw `FakeHttpError` before touching state, so a
 * rejected request never leaves a trace.
 */

/**
 * An error item of an error envelope: the spec's `field` and `message`, plus the
 * optional machine-readable `code` of the public documentation.
 *
 * @example
 * ```ts
 * const item: FakeErrorItem = { field: 'amount', code: 'INVALID_AMOUNT', message: 'Amount must be greater than 0' };
 * ```
 */
export interface FakeErrorItem {
  /** The offending field. */
  field: string;
  /** What is wrong with it. */
  message: string;
  /** A machine-readable code such as `INVALID_AMOUNT`. */
  code: string;
}

/** An error response in the making: status, summary and items. */
export class FakeHttpError extends Error {
  readonly status: number;
  readonly errors: FakeErrorItem[];

  constructor(status: number, message: string, errors: FakeErrorItem[]) {
    super(message);
    this.name = 'FakeHttpError';
    this.status = status;
    this.errors = errors;
  }
}

/** Shorthand for the common one-item error. */
export function httpError(status: number, code: string, field: string, message: string): FakeHttpError {
  return new FakeHttpError(status, message, [{ field, code, message }]);
}

/** A 422 carrying several field errors at once, so a client sees every problem in one go. */
export function validationError(errors: FakeErrorItem[]): FakeHttpError {
  return new FakeHttpError(422, 'Validation failed', errors);
}

/** A handler's successful result before it becomes a Response. */
export interface Ok {
  status: number;
  data: unknown;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Serialises the success envelope. */
export function okResponse(result: Ok, headers: Headers): Response {
  headers.set('content-type', JSON_TYPE);
  const body = JSON.stringify({ success: true, data: result.data, message: null });
  return new Response(body, { status: result.status, headers });
}

/** Serialises the error envelope. */
export function errorResponse(error: FakeHttpError, headers: Headers): Response {
  headers.set('content-type', JSON_TYPE);
  const body = JSON.stringify({ success: false, data: null, message: error.message, errors: error.errors });
  return new Response(body, { status: error.status, headers });
}

/**
 * Reads a JSON object body, enforcing `maxBytes` while streaming so an oversize body
 * is refused without being buffered whole. Returns undefined for an empty body.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<Record<string, unknown> | undefined> {
  const bytes = await readBodyWithin(request, maxBytes);
  if (bytes === undefined) throw tooLarge(maxBytes);
  if (bytes.byteLength === 0) return undefined;
  const text = new TextDecoder().decode(bytes);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw httpError(400, 'INVALID_JSON', 'body', 'Request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw httpError(400, 'INVALID_BODY', 'body', 'Request body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

function tooLarge(maxBytes: number): FakeHttpError {
  return httpError(413, 'PAYLOAD_TOO_LARGE', 'body', `Request body exceeds ${maxBytes} bytes`);
}
