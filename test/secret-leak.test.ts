import { describe, expect, it } from 'vitest';
import { CreditPlatform, type InvalidResponseError } from '../src/index.js';
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

  it('is absent from a key refused for containing a newline', async () => {
    const error = await captureError(client({ apiKey: async () => `${API_KEY}\r\n` }).accounts.me());
    expectNoKey(error);
  });
});
