import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../src/core/config/resolve-options.js';
import { HttpCore } from '../../../src/core/transport/http-core.js';
import type { HttpMethod, Middleware } from '../../../src/core/types.js';
import { ConfigurationError, CreditPlatform, RequestValidationError, VERSION } from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { loopback } from '../../helpers/loopback.js';
import { API_KEY, BASE_URL, client, fail, http, HttpResponse, ok, url, useMswServer } from '../../helpers/msw.js';

const server = useMswServer();

describe('request pipeline', () => {
  it('sends X-API-Key and a User-Agent naming the SDK and its version', async () => {
    let headers: Headers | undefined;
    server.use(
      http.get(url('accounts/me'), ({ request }) => {
        headers = request.headers;
        return ok({ id: 'acc_1' });
      }),
    );
    await client().accounts.me();
    expect(headers?.get('x-api-key')).toBe(API_KEY);
    expect(headers?.get('user-agent')).toBe(`credit-platform-typescript/${VERSION}`);
  });

  it('sends a JSON body with Content-Type application/json', async () => {
    let body: unknown;
    let contentType: string | null = null;
    server.use(
      http.post(url('webhooks'), async ({ request }) => {
        contentType = request.headers.get('content-type');
        body = await request.json();
        return ok({ id: 'wh_1', url: 'https://example.com/h', events: ['deposit.created'], status: 'active' }, { status: 201 });
      }),
    );
    const sub = await client().webhooks.create({ url: 'https://example.com/h', events: ['deposit.created'], secret: 's3cret' });
    expect(contentType).toMatch(/^application\/json/);
    expect(body).toEqual({ url: 'https://example.com/h', events: ['deposit.created'], secret: 's3cret' });
    expect(sub.status).toBe('active');
  });

  it('percent-encodes path parameters so an id cannot change the route', async () => {
    let path = '';
    server.use(
      http.delete(/\/keys\//, ({ request }) => {
        path = new URL(request.url).pathname;
        return ok({ keyId: 'x' });
      }),
    );
    await client().keys.revoke('key/../../admin?x=1#y');
    expect(path).toBe('/api/v1/keys/key%2F..%2F..%2Fadmin%3Fx%3D1%23y');
  });

  it('sends list parameters as the query string', async () => {
    let query = '';
    server.use(
      http.get(url('transactions'), ({ request }) => {
        query = new URL(request.url).search;
        return ok({ items: [], nextCursor: null });
      }),
    );
    await client().transactions.list({ cursor: 'abc123', limit: 50 });
    expect(query).toBe('?cursor=abc123&limit=50');
  });

  it('applies per-call headers, and the SDK key still wins', async () => {
    let headers: Headers | undefined;
    server.use(
      http.get(url('accounts/me'), ({ request }) => {
        headers = request.headers;
        return ok({ id: 'a' });
      }),
    );
    await client().accounts.me({ headers: { 'X-Request-Id': 'req-42', 'x-api-key': 'nope' } });
    expect(headers?.get('x-request-id')).toBe('req-42');
    expect(headers?.get('x-api-key')).toBe(API_KEY);
  });

  it('applies a per-call maxRetries over the client default', async () => {
    let calls = 0;
    server.use(
      http.get(url('accounts/me'), () => {
        calls++;
        return HttpResponse.json({ success: false, data: null, message: 'down' }, { status: 500 });
      }),
    );
    await captureError(client({ maxRetries: 0 }).accounts.me({ maxRetries: 1 }));
    expect(calls).toBe(2);
  });

  it('client.request reaches any path under the base URL, with or without a leading slash', async () => {
    const paths: string[] = [];
    server.use(
      http.get(/\/credit\/lines$/, ({ request }) => {
        paths.push(new URL(request.url).pathname);
        return ok([{ id: 'cl_1' }]);
      }),
    );
    const a = await client().request('GET', '/credit/lines');
    // Plain JavaScript may pass the method in lower case; it is normalised.
    const b = await client().request('get' as HttpMethod, 'credit/lines');
    expect(paths).toEqual(['/api/v1/credit/lines', '/api/v1/credit/lines']);
    expect(a).toEqual([{ id: 'cl_1' }]);
    expect(b).toEqual(a);
  });

  it.each([
    ['an absolute URL', 'GET', 'https://evil.test/steal'],
    ['a protocol-relative URL', 'GET', '//evil.test/steal'],
    ['a dot-dot segment', 'GET', '/../admin'],
    ['an unknown method', 'TRACE', '/accounts/me'],
    ['an empty path', 'GET', ''],
  ])('client.request refuses %s before sending (the key must not leave the base URL)', async (_, method, path) => {
    let sent = 0;
    server.use(
      http.all(/.*/, () => {
        sent++;
        return ok({});
      }),
    );
    const error = await captureError(client().request(method as HttpMethod, path));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(sent).toBe(0);
  });

  it('withResponse gives the data, the Response (its body already read into data) and its rate limit', async () => {
    server.use(http.get(url('accounts/me'), () => ok({ id: 'acc_9' }, { headers: { 'x-request-id': 'r1' } })));
    const { data, response, rateLimit } = await client().accounts.me().withResponse();
    expect(data.id).toBe('acc_9');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('r1');
    expect(response.bodyUsed).toBe(true);
    expect(response.url).toBe('https://api.credit.test/api/v1/accounts/me');
    expect(rateLimit).toEqual({ limit: 120, remaining: 119, reset: new Date(1709856000 * 1000) });
  });
});

describe('the query', () => {
  it('adds no "?" to the request line when every value is undefined', async () => {
    const server = await loopback((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"success":true,"data":[],"message":null}');
    });
    const c = new CreditPlatform({ apiKey: API_KEY, baseUrl: server.baseUrl, maxRetries: 0 });
    await c.request('GET', '/credit/lines', { query: { skip: undefined } });
    await c.request('GET', '/credit/lines', { query: {} });
    expect(server.requests.map((r) => r.url)).toEqual(['/api/v1/credit/lines', '/api/v1/credit/lines']);
  });
});

describe('client.request path segments', () => {
  it.each(['/./accounts', '/a/%2e%2e/b', '/%2E/x', 'x/.%2e/y'])('refuses %s (a dot segment in any spelling)', async (path) => {
    let sent = 0;
    server.use(
      http.all(/.*/, () => {
        sent++;
        return ok({});
      }),
    );
    expect(await captureError(client().request('GET', path))).toBeInstanceOf(RequestValidationError);
    expect(sent).toBe(0);
  });

  it('accepts dots inside a segment', async () => {
    server.use(http.get(/\/files\/v1\.2\.json$/, () => ok({ id: 'f' })));
    expect(await client().request('GET', '/files/v1.2.json')).toEqual({ id: 'f' });
  });
});

describe('headers every call carries', () => {
  it('a default header cannot stand in for the key or the User-Agent, in any spelling: no middleware sees a key, the service gets the SDK its own', async () => {
    let headers: Headers | undefined;
    server.use(
      http.get(url('accounts/me'), ({ request }) => {
        headers = request.headers;
        return ok({ id: 'a' });
      }),
    );
    const seenByMiddleware: (string | null)[] = [];
    const peek: Middleware = (request, next) => {
      seenByMiddleware.push(request.headers.get('x-api-key'));
      return next(request);
    };
    const defaultHeaders = { 'X-Api-KEY': API_KEY, 'USER-agent': 'spoof/1.0', 'X-Team': 'risk' };
    await client({ defaultHeaders, middleware: [peek] }).accounts.me();
    expect(seenByMiddleware).toEqual([null]);
    expect(headers?.get('x-api-key')).toBe(API_KEY);
    expect(headers?.get('user-agent')).toBe(`credit-platform-typescript/${VERSION}`);
    expect(headers?.get('x-team')).toBe('risk');
  });
});

describe('client.rateLimit', () => {
  it('is the newest well-formed state among the answers since it was last read; of those only the last 8 are kept', async () => {
    const garbled = { 'x-ratelimit-remaining': 'many' };
    const answers = (badAfterGood: number) => {
      let n = 0;
      server.use(http.get(url('accounts/me'), () => (n++ === 0 ? ok({ id: 'a' }) : ok({ id: 'a' }, { headers: garbled }))));
      const c = client();
      return async () => {
        for (let i = 0; i <= badAfterGood; i++) await c.accounts.me();
        return c.rateLimit;
      };
    };
    const good = { limit: 120, remaining: 119, reset: new Date(1709856000 * 1000) };
    expect(await answers(7)()).toEqual(good);
    // Memory stays bounded when nobody reads it: the good state was the ninth answer back.
    expect(await answers(8)()).toBeUndefined();
  });

  it('an answer without rate-limit headers leaves the state as it was, however many come after it', async () => {
    let n = 0;
    server.use(
      http.get(url('accounts/me'), () =>
        n++ === 0 ? ok({ id: 'a' }) : HttpResponse.json({ success: true, data: { id: 'a' }, message: null }),
      ),
    );
    const c = client();
    for (let i = 0; i < 10; i++) await c.accounts.me();
    expect(c.rateLimit).toEqual({ limit: 120, remaining: 119, reset: new Date(1709856000 * 1000) });
  });

  it('an error answer counts too', async () => {
    const headers = { 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1709856060' };
    server.use(http.get(url('accounts/me'), () => fail(404, 'gone', [], headers)));
    const c = client({ maxRetries: 0 });
    await captureError(c.accounts.me());
    expect(c.rateLimit).toEqual({ limit: 120, remaining: 0, reset: new Date(1709856060 * 1000) });
  });
});

// Built with the client: the key and headers are checked then; only ky waits for the first request.
describe('the core before its first request', () => {
  it('is built at once, with no rate-limit headers and no pacing state', async () => {
    const core = new HttpCore(resolveOptions({ apiKey: API_KEY, baseUrl: BASE_URL }));
    expect(core.rateLimitHeaders).toEqual([]);
    expect(await core.pacingState()).toBeUndefined();
  });

  it('refuses a malformed key when it is built', () => {
    expect(() => new HttpCore(resolveOptions({ apiKey: 'cp test key', baseUrl: BASE_URL }))).toThrow(ConfigurationError);
  });
});
