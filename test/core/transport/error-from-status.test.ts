import { describe, expect, it } from 'vitest';
import {
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  CreditPlatformError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { client, fail, http, HttpResponse, url, useMswServer } from '../../helpers/msw.js';

const server = useMswServer();
const noRetry = () => client({ maxRetries: 0 });

describe('error table: status to class', () => {
  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [503, InternalServerError],
    [418, APIError],
  ])('%i is a %o carrying status, message, errors, headers and rateLimit', async (status, ErrorClass) => {
    const items = [{ field: 'amount', code: 'INVALID_AMOUNT', message: 'Amount must be greater than 0' }];
    server.use(http.get(url('accounts/me'), () => fail(status, `summary for ${status}`, items, { 'x-request-id': 'req-1' })));
    const error = await captureError(noRetry().accounts.me());
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toBeInstanceOf(CreditPlatformError);
    const apiError = error as APIError;
    expect(apiError.status).toBe(status);
    expect(apiError.message).toBe(`${status} summary for ${status}`);
    expect(apiError.errors).toEqual(items);
    expect(apiError.headers.get('x-request-id')).toBe('req-1');
    expect(apiError.rateLimit).toEqual({ limit: 120, remaining: 119, reset: new Date(1709856000_000) });
    expect(apiError.name).toBe(ErrorClass.name);
  });

  it('RateLimitError.reset comes from X-RateLimit-Reset', async () => {
    server.use(
      http.get(url('accounts/me'), () =>
        fail(429, 'slow down', [], { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '4102444800' }),
      ),
    );
    const error = (await captureError(noRetry().accounts.me())) as RateLimitError;
    expect(error.reset.toISOString()).toBe('2100-01-01T00:00:00.000Z');
    expect(error.rateLimit?.remaining).toBe(0);
  });

  it('uses a default message naming the method and path when the envelope has none', async () => {
    server.use(http.delete(/\/keys\//, () => HttpResponse.json({ success: false, data: null, message: null }, { status: 404 })));
    const error = await captureError(noRetry().keys.revoke('key_9'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe('404 DELETE /keys/key_9 failed (the response carried no error message)');
    expect((error as APIError).errors).toEqual([]);
  });

  it('keeps only well-formed error items and keeps unknown codes as open strings', async () => {
    const errors = [
      { field: 'x', message: 'bad', code: 'SOMETHING_NEW' },
      { nonsense: true },
      'text',
      { field: 'y', message: 'no code' },
    ];
    server.use(
      http.get(url('accounts/me'), () =>
        HttpResponse.json({ success: false, data: null, message: 'v', errors }, { status: 422 }),
      ),
    );
    const error = (await captureError(noRetry().accounts.me())) as APIError;
    expect(error.errors).toEqual([
      { field: 'x', message: 'bad', code: 'SOMETHING_NEW' },
      { field: 'y', message: 'no code' },
    ]);
  });
});
