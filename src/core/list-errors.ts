import { CreditPlatformError, InvalidResponseError, RequestValidationError } from '../errors/index.js';

/** The most pages {@link ListRequestOptions.prefetch} may read ahead. */
export const MAX_PREFETCH = 4;

/**
 * Records on an error thrown while walking a list where the walk can resume: the cursor of the
 * page that failed (`null` for the first page). The first tag wins, so an error rethrown
 * through several layers keeps the cursor of the page that really failed.
 */
export function withResumeCursor(error: unknown, cursor: string | null): unknown {
  if (error instanceof CreditPlatformError && error.resumeCursor === undefined) error.resumeCursor = cursor;
  return error;
}

/** Throws a RequestValidationError unless `prefetch` is absent or a whole number from 0 to 4. */
export function checkPrefetch(prefetch: unknown): number {
  if (prefetch === undefined) return 0;
  if (typeof prefetch !== 'number' || !Number.isInteger(prefetch) || prefetch < 0 || prefetch > MAX_PREFETCH) {
    throw new RequestValidationError(
      `list() was not sent: prefetch must be a whole number of pages from 0 to ${MAX_PREFETCH}; got ${typeof prefetch === 'number' ? prefetch : typeof prefetch}.`,
      [{ field: 'prefetch', code: 'INVALID_PREFETCH', message: `must be a whole number from 0 to ${MAX_PREFETCH}` }],
    );
  }
  return prefetch;
}

/** The service handed back a cursor the walk already followed: stop rather than loop forever. */
export function cursorLoopError(cursor: string): InvalidResponseError {
  return new InvalidResponseError(`The service returned cursor "${cursor}" a second time; stopping instead of looping forever.`, {
    status: 200,
    body: '',
  });
}
