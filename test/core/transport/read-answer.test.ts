// Bodies that are not what the service promises (the response envelope): success: false on a
// 200, HTML from a proxy, truncated JSON, no envelope, no data, a schema miss.
import { describe, expect, it } from 'vitest';
import { APIError, ConflictError, InternalServerError, InvalidResponseError } from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { API_KEY, client, fail, http, HttpResponse, url, useMswServer } from '../../helpers/msw.js';

const server = useMswServer();
const noRetry = () => client({ maxRetries: 0 });

describe('bodies that are not what the service promises', () => {
  it('success: false on a 200 is an error all the same', async () => {
    server.use(
      http.get(url('accounts/me'), () => HttpResponse.json({ success: false, data: null, message: 'frozen' }, { status: 200 })),
    );
    const error = await captureError(noRetry().accounts.me());
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).status).toBe(200);
    expect(error.message).toBe('200 frozen');
  });

  it('an HTML 502 from a proxy is an InternalServerError with the status and a bounded excerpt', async () => {
    const html = `<html><body>${'Bad gateway '.repeat(200)}</body></html>`;
    server.use(
      http.get(url('accounts/me'), () => new HttpResponse(html, { status: 502, headers: { 'content-type': 'text/html' } })),
    );
    const error = await captureError(noRetry().accounts.me());
    expect(error).toBeInstanceOf(InternalServerError);
    const invalid = error as InternalServerError;
    expect(invalid.status).toBe(502);
    expect(invalid.headers.get('content-type')).toBe('text/html');
    expect(invalid.body.startsWith('<html><body>Bad gateway')).toBe(true);
    expect(invalid.body.length).toBeLessThan(560);
    expect(invalid.body).toContain(`(${html.length} characters)`);
    expect(invalid.message).toMatch(
      /502 GET \/accounts\/me failed with a body that is not the service's envelope \(content-type: text\/html\)/,
    );
  });

  it('truncated JSON is an InvalidResponseError', async () => {
    server.use(
      http.get(
        url('accounts/me'),
        () =>
          new HttpResponse('{"success":true,"data":{"id":"acc', { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const error = (await captureError(noRetry().accounts.me())) as InvalidResponseError;
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.status).toBe(200);
    expect(error.body).toBe('{"success":true,"data":{"id":"acc');
  });

  it('a 200 without the envelope is an InvalidResponseError', async () => {
    server.use(http.get(url('accounts/me'), () => HttpResponse.json({ id: 'acc_1' })));
    const error = await captureError(noRetry().accounts.me());
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toMatch(/not the service's envelope/);
  });

  it.each(['null', '7', '"ok"', 'true'])('a 200 whose JSON is %s, not an object, is an InvalidResponseError', async (json) => {
    server.use(http.get(url('accounts/me'), () => new HttpResponse(json, { headers: { 'content-type': 'application/json' } })));
    const error = (await captureError(noRetry().accounts.me())) as InvalidResponseError;
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toMatch(/not the service's envelope \(no boolean "success"\)/);
    expect(error.body).toBe(json);
  });

  it('success: true without data is an InvalidResponseError that says so', async () => {
    server.use(http.get(url('accounts/me'), () => HttpResponse.json({ success: true, message: null })));
    const error = await captureError(noRetry().accounts.me());
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toBe('GET /accounts/me answered success without a "data" field');
  });

  it('an error status whose body claims success is still an error of that status', async () => {
    server.use(http.get(url('accounts/me'), () => HttpResponse.json({ success: true, data: {} }, { status: 409 })));
    const error = await captureError(noRetry().accounts.me());
    expect(error).toBeInstanceOf(ConflictError);
  });

  it('data that does not fit the schema is an InvalidResponseError naming the field', async () => {
    server.use(http.get(url('accounts/me'), () => HttpResponse.json({ success: true, data: { id: 42 }, message: null })));
    const error = (await captureError(noRetry().accounts.me())) as InvalidResponseError;
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.issues[0]?.path).toBe('id');
    expect(error.message).toMatch(/at "id"/);
  });

  it('a 200 that is not JSON names its content-type, or says there was none', async () => {
    for (const [headers, named] of [
      [{ 'content-type': 'text/plain' }, 'content-type: text/plain'],
      [{}, 'content-type: none'],
    ] as const) {
      server.use(http.get(url('accounts/me'), () => new HttpResponse(new TextEncoder().encode('ok'), { status: 200, headers })));
      const error = await captureError(noRetry().accounts.me());
      expect(error).toBeInstanceOf(InvalidResponseError);
      expect(error.message).toBe(`GET /accounts/me answered 200 with a body that is not JSON (${named})`);
    }
  });

  it('a schema miss keeps the body and the issues, redacted of the key the service echoed', async () => {
    server.use(
      http.get(url('accounts/me'), () => HttpResponse.json({ success: true, data: { id: 42, echo: API_KEY }, message: null })),
    );
    const error = (await captureError(noRetry().accounts.me())) as InvalidResponseError;
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.status).toBe(200);
    expect(error.body).toBe('{"success":true,"data":{"id":42,"echo":"[REDACTED]"},"message":null}');
  });

  it('toJSON of an API error is plain data for logs', async () => {
    server.use(
      http.get(url('accounts/me'), () =>
        fail(403, 'needs write', [{ field: 'key', message: 'no', code: 'INSUFFICIENT_PERMISSIONS' }]),
      ),
    );
    const error = await captureError(noRetry().accounts.me());
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'PermissionDeniedError',
      message: '403 needs write',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 403,
      errors: [{ field: 'key', message: 'no', code: 'INSUFFICIENT_PERMISSIONS' }],
      rateLimit: { limit: 120, remaining: 119, reset: '2024-03-08T00:00:00.000Z' },
      headers: {
        'content-length': '129',
        'content-type': 'application/json',
        'x-ratelimit-limit': '120',
        'x-ratelimit-remaining': '119',
        'x-ratelimit-reset': '1709856000',
      },
      body: JSON.stringify({
        success: false,
        data: null,
        message: 'needs write',
        errors: [{ field: 'key', message: 'no', code: 'INSUFFICIENT_PERMISSIONS' }],
      }),
    });
  });
});
