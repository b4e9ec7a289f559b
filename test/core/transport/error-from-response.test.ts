// The error a refused redirect or an error status becomes, built from the response alone: which
// statuses are redirects, what the message tells the user to do, which class each status gets,
// and what the message says when the body is not the service's envelope.
import { describe, expect, it } from 'vitest';
import { apiErrorFromResponse, type ErrorResponse } from '../../../src/core/transport/error-from-status.js';
import { isRedirect, redirectMessage } from '../../../src/core/transport/redirect-error.js';
import { APIError, InternalServerError, NotFoundError, RateLimitError } from '../../../src/index.js';

const REQUEST = 'https://api.example.com/api/v1/accounts/me';
const WHERE = 'GET /accounts/me';

const answer = (status: number, headers: Record<string, string> = {}) => new Response(null, { status, headers });

describe('isRedirect', () => {
  it('every 3xx is a redirect, whatever its number: an unknown 3xx is a 300 (RFC 9110, 15)', () => {
    for (const status of [300, 301, 302, 303, 304, 307, 308, 350, 399]) expect(isRedirect(answer(status))).toBe(true);
  });

  it('no status outside 300-399 is one', () => {
    for (const status of [200, 204, 299, 400, 404, 500]) expect(isRedirect(answer(status))).toBe(false);
  });

  it('the opaque redirect of a runtime that hides the status is one', () => {
    const opaque = Object.defineProperty(Response.error(), 'type', { value: 'opaqueredirect' });
    expect(isRedirect(opaque)).toBe(true);
    expect(isRedirect(Response.error())).toBe(false);
  });
});

describe('redirectMessage', () => {
  it('names the origin of the Location, to set as baseUrl', () => {
    const message = redirectMessage(answer(399, { location: 'https://moved.example.com/x?token=1' }), REQUEST, WHERE);
    expect(message).toMatch(/^399 GET \/accounts\/me was answered with a redirect to https:\/\/moved\.example\.com;/);
    expect(message).toContain('set `baseUrl` to its new address');
    expect(message).not.toContain('token=1');
  });

  it.each([
    ['no Location', {}],
    ['an empty Location', { location: '' }],
    ['a blank Location', { location: '   ' }],
    ['a Location that is no URL', { location: 'http://[::1' }],
    ['a Location with no origin', { location: 'data:text/plain,hi' }],
  ])('says there is no usable Location for %s', (_label, headers) => {
    const message = redirectMessage(answer(302, headers), REQUEST, WHERE);
    expect(message).toMatch(/^302 GET \/accounts\/me was answered with a redirect with no usable Location;/);
    expect(message).toContain("Check that `baseUrl` is the service's current address");
  });

  it('says the runtime hides the status and Location of an opaque redirect', () => {
    const opaque = Object.defineProperty(Response.error(), 'type', { value: 'opaqueredirect' });
    expect(redirectMessage(opaque, REQUEST, WHERE)).toMatch(
      /^0 GET \/accounts\/me was answered with a redirect whose status and Location the runtime hides/,
    );
  });
});

const response = (status: number, text: string, init: Partial<ErrorResponse> = {}): ErrorResponse => ({
  status,
  headers: new Headers({ 'content-type': 'text/html' }),
  text,
  where: WHERE,
  secrets: ['cpk_live_status_0123456789'],
  resetAt: undefined,
  now: 1_700_000_000_000,
  ...init,
});

describe('apiErrorFromResponse', () => {
  it.each([
    [499, APIError],
    [500, InternalServerError],
    [599, InternalServerError],
    [600, APIError],
    [404, NotFoundError],
  ])('a %i is a %o', (status, ErrorClass) => {
    const error = apiErrorFromResponse(response(status, ''));
    expect(error.constructor).toBe(ErrorClass);
    expect(error.status).toBe(status);
  });

  it("a 429's reset is when the retry clock's wait ends, else now", () => {
    const at = 1_700_000_060_000;
    const limited = apiErrorFromResponse(response(429, '', { resetAt: at }));
    expect(limited).toBeInstanceOf(RateLimitError);
    expect((limited as RateLimitError).reset.getTime()).toBe(at);
    expect((apiErrorFromResponse(response(429, '')) as RateLimitError).reset.getTime()).toBe(1_700_000_000_000);
  });

  it.each([
    ['an empty body', '', '500 GET /accounts/me failed with an empty body'],
    [
      'a proxy page',
      '<html>bad gateway</html>',
      "500 GET /accounts/me failed with a body that is not the service's envelope (content-type: text/html)",
    ],
    ['JSON null', 'null', "500 GET /accounts/me failed with a body that is not the service's envelope (content-type: text/html)"],
    [
      'a JSON string',
      '"oops"',
      "500 GET /accounts/me failed with a body that is not the service's envelope (content-type: text/html)",
    ],
    [
      'an object that is not an envelope',
      '{"message":""}',
      "500 GET /accounts/me failed with a body that is not the service's envelope (content-type: text/html)",
    ],
    [
      'an envelope with a blank message',
      '{"success":false,"message":"  "}',
      '500 GET /accounts/me failed (the response carried no error message)',
    ],
    ['an envelope with a message', '{"success":false,"message":"Vault sealed"}', '500 Vault sealed'],
    ['an object with a message but no success flag', '{"message":"Vault sealed"}', '500 Vault sealed'],
  ])('the message of %s says what the body was', (_label, text, message) => {
    expect(apiErrorFromResponse(response(500, text)).message).toBe(message);
  });

  it('says so when the response has no content-type', () => {
    const error = apiErrorFromResponse(response(502, 'upstream', { headers: new Headers() }));
    expect(error.message).toBe("502 GET /accounts/me failed with a body that is not the service's envelope (content-type: none)");
  });

  it("a message of the SDK's own replaces the body's, and is redacted too", () => {
    const error = apiErrorFromResponse(
      response(400, '{"success":false,"message":"m"}', { message: 'refused cpk_live_status_0123456789' }),
    );
    expect(error.message).toBe('refused [REDACTED]');
  });
});
