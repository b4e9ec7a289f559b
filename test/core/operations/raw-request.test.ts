import { z as classic } from 'zod';
import { checkRawRequest } from '../../../src/core/operations/raw-request.js';
import * as mini from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { InvalidResponseError, RequestValidationError } from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { client, http, ok, url, useMswServer } from '../../helpers/msw.js';

// client.request takes a user's schema from either zod entry: both build on zod's core.
const server = useMswServer();

const schemas = [
  ['classic zod', classic.looseObject({ available: classic.string() })],
  ['zod/mini', mini.looseObject({ available: mini.string() })],
] as const;

describe.each(schemas)('client.request with a %s schema', (_, schema) => {
  it('returns the checked data, unknown fields kept', async () => {
    server.use(http.get(url('credit/limits'), () => ok({ available: '10.00', extra: 1 })));
    await expect(client().request('GET', '/credit/limits', { schema })).resolves.toEqual({ available: '10.00', extra: 1 });
  });

  it('refuses data that does not fit, naming the field', async () => {
    server.use(http.get(url('credit/limits'), () => ok({ available: 10 })));
    const error = await captureError(client().request('GET', '/credit/limits', { schema }));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).issues.map((i) => i.path)).toEqual(['available']);
  });
});

describe('client.request with extraBody and extraQuery', () => {
  it('merges them into the body and the query', async () => {
    let seen: { query: string; body: unknown } | undefined;
    server.use(
      http.post(url('credit/draws'), async ({ request }) => {
        seen = { query: new URL(request.url).search, body: await request.json() };
        return ok({});
      }),
    );
    await client().request('POST', '/credit/draws', { body: { amount: '1.00' }, extraBody: { memo: 'x' }, extraQuery: { v: 2 } });
    expect(seen).toEqual({ query: '?v=2', body: { amount: '1.00', memo: 'x' } });
  });

  it('refuses extraBody when the body is not an object, sending nothing', async () => {
    let sent = 0;
    server.use(
      http.all(/.*/, () => {
        sent++;
        return ok({});
      }),
    );
    const error = await captureError(client().request('POST', '/credit/draws', { body: ['a'], extraBody: { memo: 'x' } }));
    expect((error as { errors?: unknown }).errors).toEqual([
      { field: 'extraBody', code: 'NO_BODY', message: expect.any(String) },
    ]);
    expect(sent).toBe(0);
  });
});

describe('client.request query joined to the path', () => {
  it('keeps a query already in the path, encodes values as a form would, and never puts the query after a fragment', async () => {
    const seen: string[] = [];
    server.use(
      http.get(url('credit/lines'), ({ request }) => {
        seen.push(new URL(request.url).search);
        return ok([]);
      }),
    );
    await client().request('GET', '/credit/lines?status=open', { query: { limit: 2, skip: undefined } });
    await client().request('GET', '/credit/lines#top', { query: { note: 'a b&c=d' } });
    await client().request('GET', '/credit/lines', { query: { skip: undefined } });
    expect(seen).toEqual(['?status=open&limit=2', '?note=a+b%26c%3Dd', '']);
  });
});

describe('checkRawRequest', () => {
  const BASE = 'https://api.credit.test/api/v1/';
  const problem = (method: string, path: string) => {
    try {
      return checkRawRequest(method, path, BASE);
    } catch (error) {
      expect(error).toBeInstanceOf(RequestValidationError);
      return (error as RequestValidationError).errors[0];
    }
  };

  it('takes the five methods in any case, and no other', () => {
    for (const method of ['GET', 'post', 'Put', 'pAtch', 'delete']) {
      expect(problem(method, '/credit/lines')).toEqual({ method: method.toUpperCase(), path: 'credit/lines' });
    }
    for (const method of ['HEAD', 'OPTIONS', 'CONNECT', 'TRACE', '', 'GET ', 42 as never]) {
      expect(problem(method, '/credit/lines'), String(method)).toEqual({
        field: 'method',
        code: 'INVALID_METHOD',
        message: 'must be one of GET, POST, PUT, PATCH, DELETE',
      });
    }
  });

  it('refuses every control character anywhere in the path, and no other ASCII character for being one', () => {
    for (let code = 0; code <= 0x7f; code++) {
      const char = String.fromCharCode(code);
      const result = problem('GET', `credit/lines?q=a${char}b`);
      const control = code < 0x20 || code === 0x7f;
      if (control)
        expect(result, `U+${code.toString(16)}`).toMatchObject({
          message: expect.stringMatching(/^must not contain control characters/),
        });
      else expect(JSON.stringify(result), `U+${code.toString(16)}`).not.toContain('control characters');
    }
  });

  it('a scheme is a letter then letters, digits, +, . or - before a colon; anything else before a colon is a path', () => {
    for (const path of ['a:x', 'x-1.y+z:x', 'HTTPS:x', 'mailto:a@b']) {
      expect(problem('GET', path), path).toMatchObject({ message: expect.stringMatching(/^must be relative to the base URL/) });
    }
    for (const path of ['1x:1', 'credit/lines:x', '-a:b']) {
      expect(problem('GET', path), path).toMatchObject({ method: 'GET' });
    }
  });

  it('drops the leading slashes of a path and keeps the rest as given', () => {
    expect(problem('GET', '/credit/lines?a=1#f')).toEqual({ method: 'GET', path: 'credit/lines?a=1#f' });
    expect(problem('GET', 'credit/lines')).toEqual({ method: 'GET', path: 'credit/lines' });
    expect(problem('GET', '  ')).toMatchObject({ field: 'path', message: expect.stringMatching(/^must be a non-empty string/) });
  });
});
