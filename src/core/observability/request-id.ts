import { CreditPlatformError } from '../../errors/index.js';

/**
 * The response header the service's own request id would arrive in. The API contract does not
 * name one (spec: "not shown"), so this is the SDK's choice, kept here alone: the common
 * `X-Request-Id`. A value is kept only when it looks like an id (see {@link serviceRequestIdOf}).
 */
export const SERVICE_REQUEST_ID_HEADER = 'x-request-id';

// An id is short printable ASCII; anything else in the header is the service's noise (or an
// attack on a log line) and is not kept.
const PLAUSIBLE_ID = /^[\x21-\x7e]{1,128}$/;

/**
 * A new id for one call: the same on every attempt of the call, its log lines, its span and its
 * error. Random (not a counter) so ids from many processes never collide in one log store.
 */
export function newRequestId(): string {
  const { crypto } = globalThis;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts in browsers; the same 122 random bits otherwise.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The service's request id from a response's headers, when it sent a plausible one. */
export function serviceRequestIdOf(headers: Headers): string | undefined {
  const value = headers.get(SERVICE_REQUEST_ID_HEADER);
  return value !== null && PLAUSIBLE_ID.test(value) ? value : undefined;
}

/**
 * Sets `requestId` on an SDK error that has none yet (the transport sets it first, so the id of
 * the call that failed wins over a later stage's) and returns the error, for `throw tag(...)`.
 */
export function withRequestId(error: unknown, requestId: string): unknown {
  if (error instanceof CreditPlatformError && error.requestId === undefined) error.requestId = requestId;
  return error;
}
