import { describe, expect, it } from 'vitest';
import { inspect } from 'node:util';
import {
  type APIError,
  ConfigurationError,
  CreditPlatform,
  type InvalidResponseError,
  PermissionDeniedError,
} from '../src/index.js';
import { captureError } from './helpers/capture.js';
import { loopback, refusedBaseUrl } from './helpers/loopback.js';
import { API_KEY, client, http, HttpResponse, url, useMswServer } from './helpers/msw.js';
import { renderings } from './setup/leak-guard.js';

const server = useMswServer();

function expectNoKey(error: unknown): void {
  for (const text of renderings(error)) expect(text).not.toContain(API_KEY);
}

describe('the API key never appears in an error', () => {
  it('is scrubbed when the service echoes it in the message and error items', async () => {
    server.use(
      http.get(url('accounts/me'), ({ request }) =>
        HttpResponse.json(
          {
            success: false,
            data: null,
            message: `Key ${request.headers.get('x-api-key')} is not valid`,
            errors: [{ field: 'X-API-Key', message: `unknown key ${API_KEY}` }],
          },
          { status: 401 },
        ),
      ),
    );
    const error = await captureError(client().accounts.me());
    expect(error.message).toBe('401 Key [REDACTED] is not valid');
    expectNoKey(error);
  });

  it('is scrubbed from the body excerpt of a response that is not the envelope', async () => {
    server.use(http.get(url('accounts/me'), () => new HttpResponse(`<html>debug: x-api-key=${API_KEY}</html>`, { status: 500 })));
    const error = (await captureError(client({ maxRetries: 0 }).accounts.me())) as InvalidResponseError;
    expect(error.body).toContain('[REDACTED]');
    expectNoKey(error);
  });

  it('is absent from connection errors and their causes', async () => {
    const error = await captureError(
      new CreditPlatform({ apiKey: API_KEY, baseUrl: await refusedBaseUrl(), maxRetries: 0 }).accounts.me(),
    );
    expectNoKey(error);
  });

  it('is absent from timeout errors', async () => {
    const lb = await loopback(() => undefined);
    const error = await captureError(
      new CreditPlatform({ apiKey: API_KEY, baseUrl: lb.baseUrl, timeout: 100, maxRetries: 0 }).accounts.me(),
    );
    expectNoKey(error);
  });

  it('is absent when an apiKey function throws', async () => {
    const error = await captureError(
      client({
        apiKey: () => {
          throw new Error('vault unavailable');
        },
      }).accounts.me(),
    );
    expect(error.message).toMatch(/apiKey/);
    expectNoKey(error);
  });

  it('is absent when an apiKey function throws an error whose message holds the key', async () => {
    const thrown = Object.assign(new Error(`vault said: ${API_KEY} is sealed`), { code: 'EVAULTSEALED' });
    const error = await captureError(
      client({
        apiKey: () => {
          throw thrown;
        },
      }).accounts.me(),
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe('apiKey');
    expect(error.message).toMatch(/The `apiKey` function threw an Error \(code EVAULTSEALED\); check the secret store/);
    // A fresh cause: the thrown error's name and code, nothing of its message or stack.
    expect(error.cause).not.toBe(thrown);
    expect(error.cause).toBeInstanceOf(Error);
    expect((error.cause as Error & { code?: unknown }).code).toBe('EVAULTSEALED');
    expect((error.cause as Error).name).toBe('Error');
    for (const text of [...renderings(error), inspect(error.cause, { showHidden: true }), JSON.stringify(error)]) {
      expect(text).not.toContain('vault said');
      expect(text).not.toContain(API_KEY);
    }
  });

  it('is absent when an async apiKey function rejects with a non-Error holding the key', async () => {
    const error = await captureError(client({ apiKey: () => Promise.reject(`key=${API_KEY}`) }).accounts.me());
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toMatch(/The `apiKey` function threw a string/);
    expectNoKey(error);
  });

  it('is absent from a key refused for containing a newline', async () => {
    const error = await captureError(client({ apiKey: async () => `${API_KEY}\r\n` }).accounts.me());
    expectNoKey(error);
  });
});

describe('every string an error keeps from the server is redacted', () => {
  it('errors[] field and code, header values, the body excerpt, and the message', async () => {
    server.use(
      http.get(url('accounts/me'), () =>
        HttpResponse.json(
          {
            success: false,
            data: null,
            message: `bad ${API_KEY}`,
            errors: [{ field: `X-API-Key: ${API_KEY}`, code: API_KEY, message: 'unknown key' }],
          },
          { status: 403, headers: { 'x-echo-key': API_KEY } },
        ),
      ),
    );
    const error = (await captureError(client().accounts.me())) as APIError;
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error.errors).toEqual([{ field: 'X-API-Key: [REDACTED]', code: '[REDACTED]', message: 'unknown key' }]);
    expect(error.headers.get('x-echo-key')).toBe('[REDACTED]');
    expect(error.body).toContain('[REDACTED]');
    expectNoKey(error);
    // util.inspect shows the headers, redacted, instead of `Headers {}`.
    expect(inspect(error)).toMatch(/'x-echo-key': '\[REDACTED\]'/);
  });

  it('the messages along the cause chain of a connection error', async () => {
    const failing = async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error(`socket said ${API_KEY}`), { code: 'ECONNRESET' }) });
    };
    const error = await captureError(client({ fetch: failing, maxRetries: 0 }).accounts.me());
    const cause = (error.cause as Error).cause as Error & { code?: string };
    expect((error.cause as Error).message).toBe('fetch failed');
    expect(cause.message).toBe('socket said [REDACTED]');
    expect(cause.code).toBe('ECONNRESET');
    expect(error.message).toMatch(/\(ECONNRESET\)/);
    expectNoKey(error);
  });

  it('a cause that carries the request, or a field quoting the key in any spelling', async () => {
    const escaped = [...API_KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const failing: typeof fetch = async (input) => {
      const request = input as Request;
      throw Object.assign(new TypeError('fetch failed'), {
        code: 'ECONNRESET',
        request,
        detail: `sent ${escaped}`,
        headers: Object.fromEntries(request.headers),
      });
    };
    const error = await captureError(client({ fetch: failing, maxRetries: 0 }).accounts.me());
    const cause = error.cause as Error & { code?: string; request?: unknown; detail?: unknown };
    expect(cause.message).toBe('fetch failed');
    expect(cause.code).toBe('ECONNRESET');
    expect(cause.request).toBeUndefined();
    expect(cause.detail).toBeUndefined();
    expectNoKey(error);
    expect(inspect(error, { depth: 10 })).not.toMatch(/x-api-key/i);
  });

  it('a webhook secret sent in the body and echoed back in an error', async () => {
    const secret = 'whsec_echoed_back_0f1e2d';
    server.use(
      http.post(url('webhooks'), () =>
        HttpResponse.json(
          { success: false, data: null, message: `secret ${secret} is weak`, errors: [{ field: 'secret', message: secret }] },
          { status: 422 },
        ),
      ),
    );
    const error = await captureError(
      client().webhooks.create({ url: 'https://example.com/h', events: ['deposit.created'], secret }),
    );
    for (const text of renderings(error)) expect(text).not.toContain(secret);
  });
});
