import { describe, expect, it, vi } from 'vitest';
import { APIConnectionError, APITimeoutError, CreditPlatform } from '../../src/index.js';
import { captureError } from '../helpers/capture.js';
import { API_KEY } from '../helpers/msw.js';
import { envelope, loopback, refusedBaseUrl } from '../helpers/loopback.js';

const clientAt = (baseUrl: string, options: ConstructorParameters<typeof CreditPlatform>[0] = {}) =>
  new CreditPlatform({ apiKey: API_KEY, baseUrl, ...options });

describe('faults on a real loopback connection', () => {
  it('a refused connection is an APIConnectionError naming the cause, after the retries', async () => {
    const baseUrl = await refusedBaseUrl();
    const fetchSpy = vi.fn((input: string | URL | Request, init?: RequestInit) => fetch(input, init));
    const error = await captureError(clientAt(baseUrl, { fetch: fetchSpy, maxRetries: 2 }).accounts.me());
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APITimeoutError);
    expect(error.message).toMatch(/GET \/accounts\/me got no response from 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });

  it('a refused connection is retried even for POST: the request cannot have reached the service', async () => {
    const baseUrl = await refusedBaseUrl();
    const fetchSpy = vi.fn((input: string | URL | Request, init?: RequestInit) => fetch(input, init));
    const body = { url: 'https://example.com/h', events: ['deposit.created' as const], secret: 'abc' };
    await captureError(clientAt(baseUrl, { fetch: fetchSpy, maxRetries: 1 }).webhooks.create(body));
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('a connection reset is retried for GET and is an APIConnectionError in the end', async () => {
    const server = await loopback((req) => req.socket.destroy());
    const error = await captureError(clientAt(server.baseUrl, { maxRetries: 1 }).accounts.me());
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(server.requests).toHaveLength(2);
  });

  it('a connection reset is not retried for POST: the service may have acted on it', async () => {
    const server = await loopback((req) => req.socket.destroy());
    const body = { url: 'https://example.com/h', events: ['deposit.created' as const], secret: 'abc' };
    const error = await captureError(clientAt(server.baseUrl, { maxRetries: 2 }).webhooks.create(body));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(server.requests).toHaveLength(1);
  });

  it('the timeout covers the body: headers then a stall mid-body is an APITimeoutError', async () => {
    const server = await loopback((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"success":true,"data":{"id":"acc');
    });
    const started = Date.now();
    const error = await captureError(clientAt(server.baseUrl, { timeout: 300, maxRetries: 1 }).accounts.me());
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toMatch(/no complete response within 300 ms/);
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a timed-out POST is not re-sent', async () => {
    const server = await loopback(() => undefined);
    const body = { url: 'https://example.com/h', events: ['deposit.created' as const], secret: 'abc' };
    const error = await captureError(clientAt(server.baseUrl, { timeout: 200, maxRetries: 2 }).webhooks.create(body));
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(server.requests).toHaveLength(1);
  });

  it('a per-call timeout overrides the client one', async () => {
    const server = await loopback(() => undefined);
    const error = await captureError(clientAt(server.baseUrl, { timeout: 60_000, maxRetries: 0 }).accounts.me({ timeout: 150 }));
    expect(error).toBeInstanceOf(APITimeoutError);
  });

  it('works end to end over loopback', async () => {
    const server = await loopback((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'x-ratelimit-limit': '30',
        'x-ratelimit-remaining': '29',
        'x-ratelimit-reset': '1709856000',
      });
      res.end(envelope({ id: 'acc_loop' }));
    });
    const client = clientAt(server.baseUrl);
    expect((await client.accounts.me()).id).toBe('acc_loop');
    expect(client.rateLimit?.remaining).toBe(29);
  });
});
