import { describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock } from '../../src/testing/index.js';
import {
  errorResponse,
  FakeHttpError,
  httpError,
  okResponse,
  readJsonBody,
  validationError,
} from '../../src/testing/http-envelope.js';
import { call } from '../helpers/fake-call.js';

const post = (body: BodyInit | null) => new Request('https://api.example.test/api/v1/x', { method: 'POST', body });

async function refusal(promise: Promise<unknown>): Promise<FakeHttpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FakeHttpError);
  return error as FakeHttpError;
}

describe('envelope responses', () => {
  it('a success is { success: true, data, message: null } as JSON, with the handler status and headers kept', async () => {
    const headers = new Headers({ 'x-ratelimit-limit': '600', 'content-type': 'text/plain' });
    const res = okResponse({ status: 201, data: { id: 'dep_1' } }, headers);
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-ratelimit-limit')).toBe('600');
    expect(await res.json()).toEqual({ success: true, data: { id: 'dep_1' }, message: null });
  });

  it('an error is { success: false, data: null, message, errors } as JSON, with its status', async () => {
    const res = errorResponse(httpError(404, 'NOT_FOUND', 'id', 'Deposit "x" does not exist'), new Headers());
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({
      success: false,
      data: null,
      message: 'Deposit "x" does not exist',
      errors: [{ field: 'id', code: 'NOT_FOUND', message: 'Deposit "x" does not exist' }],
    });
  });

  it('a validation error carries every field error at once, as a 422', () => {
    const items = [
      { field: 'amount', code: 'INVALID_AMOUNT', message: 'Amount must be greater than 0' },
      { field: 'token', code: 'INVALID_TOKEN', message: 'Token not supported' },
    ];
    const error = validationError(items);
    expect(error).toMatchObject({ name: 'FakeHttpError', status: 422, message: 'Validation failed', errors: items });
  });

  it('the fake answers JSON with a JSON content type, success and error alike', async () => {
    const fake = createFakeCreditPlatform({ clock: createManualClock(), transactions: 0 });
    for (const [path, status] of [
      ['/accounts/me', 200],
      ['/deposits/dep_missing', 404],
    ] as const) {
      const res = await call(fake, 'GET', path);
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    }
  });
});

describe('readJsonBody', () => {
  it('reads a JSON object', async () => {
    expect(await readJsonBody(post('{"amount":"1.00"}'), 100)).toEqual({ amount: '1.00' });
  });

  it('an empty body is no body, not a JSON error', async () => {
    expect(await readJsonBody(post(''), 100)).toBeUndefined();
    expect(await readJsonBody(post(null), 100)).toBeUndefined();
  });

  it('refuses text that is not JSON with INVALID_JSON, and JSON that is not an object with INVALID_BODY', async () => {
    for (const text of ['{', 'amount=1', ' ']) {
      expect(await refusal(readJsonBody(post(text), 100))).toMatchObject({
        status: 400,
        errors: [{ code: 'INVALID_JSON', field: 'body' }],
      });
    }
    for (const text of ['null', '[]', '[{"a":1}]', '1', '"x"', 'true']) {
      expect(await refusal(readJsonBody(post(text), 100))).toMatchObject({
        status: 400,
        errors: [{ code: 'INVALID_BODY', field: 'body' }],
      });
    }
  });

  it('accepts a body of exactly maxBytes and refuses one byte more with a 413 naming the limit', async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(20) });
    expect(await readJsonBody(post(body), body.length)).toEqual({ pad: 'x'.repeat(20) });
    const error = await refusal(readJsonBody(post(body), body.length - 1));
    expect(error).toMatchObject({
      status: 413,
      message: `Request body exceeds ${body.length - 1} bytes`,
      errors: [{ code: 'PAYLOAD_TOO_LARGE', field: 'body' }],
    });
  });

  it('a POST without a body on an operation whose fields are all optional succeeds', async () => {
    const fake = createFakeCreditPlatform({ clock: createManualClock(), transactions: 0 });
    const line = (await call(fake, 'GET', '/credit')).body.data.items[0];
    const res = await call(fake, 'PATCH', `/credit/${line.id}`, { rawBody: '' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: line.id, limit: line.limit, status: line.status });
  });
});
