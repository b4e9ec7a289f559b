import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError, CreditPlatform } from '../../../src/index.js';
import { DEFAULTS } from '../../../src/core/config/client-options.js';
import { captureError } from '../../helpers/capture.js';
import { API_KEY, BASE_URL, client, http, ok, url, useMswServer } from '../../helpers/msw.js';

const server = useMswServer();

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('construction', () => {
  it('reads the key and base URL from the environment when not passed', async () => {
    vi.stubEnv('CREDIT_PLATFORM_API_KEY', API_KEY);
    vi.stubEnv('CREDIT_PLATFORM_BASE_URL', BASE_URL);
    let seen: string | null = null;
    server.use(
      http.get(url('accounts/me'), ({ request }) => {
        seen = request.headers.get('x-api-key');
        return ok({ id: 'acc_1' });
      }),
    );
    await new CreditPlatform().accounts.me();
    expect(seen).toBe(API_KEY);
  });

  it('prefers explicit options over the environment', async () => {
    vi.stubEnv('CREDIT_PLATFORM_API_KEY', 'env-key-ignored');
    vi.stubEnv('CREDIT_PLATFORM_BASE_URL', 'https://elsewhere.test/api/v1');
    let seen: string | null = null;
    server.use(
      http.get(url('accounts/me'), ({ request }) => {
        seen = request.headers.get('x-api-key');
        return ok({ id: 'acc_1' });
      }),
    );
    await client().accounts.me();
    expect(seen).toBe(API_KEY);
  });

  it.each([
    ['no key anywhere', { baseUrl: BASE_URL }, 'apiKey', /CREDIT_PLATFORM_API_KEY/],
    ['an empty key', { apiKey: '  ', baseUrl: BASE_URL }, 'apiKey', /No API key/],
    ['no base URL anywhere', { apiKey: API_KEY }, 'baseUrl', /CREDIT_PLATFORM_BASE_URL/],
    ['a base URL that is not a URL', { apiKey: API_KEY, baseUrl: 'api.example.com/api/v1' }, 'baseUrl', /absolute http\(s\) URL/],
    ['a non-http base URL', { apiKey: API_KEY, baseUrl: 'ftp://api.example.com/api/v1' }, 'baseUrl', /http or https/],
    ['a base URL with a query', { apiKey: API_KEY, baseUrl: 'https://api.example.com/api/v1?x=1' }, 'baseUrl', /query string/],
    ['a negative timeout', { apiKey: API_KEY, baseUrl: BASE_URL, timeout: -1 }, 'timeout', /integer/],
    ['a fractional maxRetries', { apiKey: API_KEY, baseUrl: BASE_URL, maxRetries: 1.5 }, 'maxRetries', /integer/],
  ])('rejects %s at construction with a ConfigurationError', async (_, options, option, message) => {
    vi.stubEnv('CREDIT_PLATFORM_API_KEY', '');
    vi.stubEnv('CREDIT_PLATFORM_BASE_URL', '');
    const error = await captureError(() => new CreditPlatform(options));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe(option);
    expect(error.message).toMatch(message);
  });

  it('documents its defaults in one exported object', () => {
    expect(DEFAULTS).toEqual({
      timeout: 30_000,
      maxRetries: 2,
      maxRateLimitWait: 60_000,
      validateResponses: true,
      logLevel: 'warn',
      maxResponseBytes: 32 * 1024 * 1024,
    });
  });

  it('accepts a base URL with or without a trailing slash', async () => {
    const paths: string[] = [];
    server.use(
      http.get(url('accounts/me'), ({ request }) => {
        paths.push(new URL(request.url).pathname);
        return ok({ id: 'a' });
      }),
    );
    await client({ baseUrl: BASE_URL }).accounts.me();
    await client({ baseUrl: `${BASE_URL}/` }).accounts.me();
    expect(paths).toEqual(['/api/v1/accounts/me', '/api/v1/accounts/me']);
  });
});

describe('options at work', () => {
  it('calls an async apiKey function before every request, so a rotated key is used without a restart', async () => {
    const keys = ['key-one-aaaa', 'key-two-bbbb'];
    let calls = 0;
    const seen: (string | null)[] = [];
    server.use(
      http.get(url('accounts/me'), ({ request }) => {
        seen.push(request.headers.get('x-api-key'));
        return ok({ id: 'a' });
      }),
    );
    const c = client({ apiKey: async () => keys[calls++ % 2] ?? '' });
    await c.accounts.me();
    await c.accounts.me();
    expect(seen).toEqual(['key-one-aaaa', 'key-two-bbbb']);
  });

  it('rejects a key with whitespace or control characters at construction, and from a key function without sending', async () => {
    expect(await captureError(() => client({ apiKey: `${API_KEY}\n` }))).toBeInstanceOf(ConfigurationError);
    let sent = 0;
    server.use(
      http.get(url('accounts/me'), () => {
        sent++;
        return ok({ id: 'a' });
      }),
    );
    const error = await captureError(client({ apiKey: async () => `${API_KEY} ` }).accounts.me());
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(sent).toBe(0);
  });

  it('uses a custom fetch implementation', async () => {
    const custom = vi.fn(async (input: string | URL | Request) => {
      expect((input as Request).headers.get('x-api-key')).toBe(API_KEY);
      return Response.json({ success: true, data: { id: 'from-custom-fetch' }, message: null });
    });
    const me = await client({ fetch: custom }).accounts.me();
    expect(me.id).toBe('from-custom-fetch');
    expect(custom).toHaveBeenCalledTimes(1);
  });

  it('sends default headers, with the SDK key winning over a default X-API-Key', async () => {
    let headers: Headers | undefined;
    server.use(
      http.get(url('accounts/me'), ({ request }) => {
        headers = request.headers;
        return ok({ id: 'a' });
      }),
    );
    await client({ defaultHeaders: { 'X-Team': 'payments', 'X-API-Key': 'should-not-win' } }).accounts.me();
    expect(headers?.get('x-team')).toBe('payments');
    expect(headers?.get('x-api-key')).toBe(API_KEY);
  });

  it('withOptions makes a new client with overrides and its own rate-limit state', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(url('accounts/me'), ({ request }) => {
        const key = request.headers.get('x-api-key');
        seen.push(key);
        // Each key has its own budget, so each client must end up with its own numbers.
        const remaining = key === API_KEY ? '90' : '5';
        return ok({ id: 'a' }, { headers: { 'x-ratelimit-remaining': remaining } });
      }),
    );
    const original = client();
    const rotated = original.withOptions({ apiKey: 'rotated-key-1234' });
    await rotated.accounts.me();
    expect(original.rateLimit).toBeUndefined();
    await original.accounts.me();
    expect(seen).toEqual(['rotated-key-1234', API_KEY]);
    expect(rotated).not.toBe(original);
    expect(rotated.rateLimit?.remaining).toBe(5);
    expect(original.rateLimit?.remaining).toBe(90);
  });

  it('never shows the key in JSON or util.inspect of the client', async () => {
    const { inspect } = await import('node:util');
    const c = client();
    expect(JSON.stringify(c)).not.toContain(API_KEY);
    expect(inspect(c, { depth: 10, showHidden: true })).not.toContain(API_KEY);
    expect(JSON.stringify(c)).toContain('api.credit.test');
  });
});
