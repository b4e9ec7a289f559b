import { CreditPlatformError, InvalidResponseError } from '../../errors/index.js';

/**
 * Records on an error thrown while walking a list where the walk can resume: the cursor of the
 * page that failed (`null` for the first page). The first tag wins, so an error rethrown
 * through several layers keeps the cursor of the page that really failed.
 */
export function withResumeCursor(error: unknown, cursor: string | null): unknown {
  if (error instanceof CreditPlatformError && error.resumeCursor === undefined) error.resumeCursor = cursor;
  return error;
}

/**
 * The service handed back a cursor the walk already followed: stop rather than loop forever. The
 * cursor is not quoted: it came from the service, and `resumeCursor` carries it.
 */
export function cursorLoopError(): InvalidResponseError {
  return new InvalidResponseError('The service returned a cursor a second time; stopping instead of looping forever.', {
    status: 200,
    body: '',
  });
}
