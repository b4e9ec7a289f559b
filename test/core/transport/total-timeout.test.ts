// totalTimeout, the caller's AbortSignal, and the browser guard.
import { afterEach, describe, expect, it } from 'vitest';
import { BACKOFF } from '../../../src/core/retry-policy.js';
import {
  APITimeoutError,
  APIUserAbortError,
  ConfigurationError,
  CreditPlatform,
  InternalServerError,
  RequestValidationError,
} from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { API_KEY } from '../../helpers/msw.js';
import { loopback } from '../../helpers/loopback.js';

const saved = { ...BACKOFF };
afterEach(() => {
  Object.assign(BACKOFF, saved);
});

const at = (baseUrl: string, options: ConstructorParameters<typeof CreditPlatform>[0] = {}) =>
  new CreditPlatform({ apiKey: API_KEY, baseUrl, logLevel: 'off', ...options });

describe('totalTimeout', () => {
  it('bounds the whole call, attempts and waits included (client option)', async () => {
    // A short backoff, so attempts go on until the budget is spent rather than a random wait
    // being refused early for passing it (that case is the next test's).
    Object.assign(BACKOFF, { baseMs: 10, maxMs: 20 });
    const server = await loopback(() => undefined);
    const started = Date.now();
    const error = await captureError(at(server.baseUrl, { timeout: 200, maxRetries: 10, totalTimeout: 700 }).accounts.me());
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error.message).toMatch(/totalTimeout of 700 ms spent over \d+ attempts/);
    expect(elapsed).toBeGreaterThanOrEqual(650);
    expect(elapsed).toBeLessThan(3_000);
    expect(server.requests.length).toBeGreaterThanOrEqual(2);
    expect(server.requests.length).toBeLessThan(5);
  });

  it('cuts short an attempt that would outlast it, however long the per-attempt timeout', async () => {
    const server = await loopback(() => undefined);
    const started = Date.now();
    const error = await captureError(at(server.baseUrl, { timeout: 5_000, totalTimeout: 300 }).accounts.me());
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error.message).toMatch(/totalTimeout of 300 ms spent over 1 attempt/);
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2_000); // not the 5 s per-attempt timeout
  });

  it('per call, and a wait that would pass it ends the call at once with the error in hand', async () => {
    const server = await loopback((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' });
      res.end('{"success":false,"data":null,"message":"maintenance"}');
    });
    const started = Date.now();
    const error = await captureError(at(server.baseUrl, { maxRetries: 3 }).accounts.me({ totalTimeout: 2_000 }));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(Date.now() - started).toBeLessThan(2_500); // not the 5 s Retry-After
    expect(server.requests).toHaveLength(1);
  });

  it('a backoff that would pass totalTimeout is not started, and the message says so', async () => {
    Object.assign(BACKOFF, { baseMs: 5_000, maxMs: 5_000 });
    const server = await loopback(() => undefined);
    const started = Date.now();
    const error = await captureError(at(server.baseUrl, { timeout: 200, totalTimeout: 400 }).accounts.me());
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error.message).toMatch(/\(1 attempt; not retried: waiting \d+ ms would pass totalTimeout\)/);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(server.requests).toHaveLength(1);
  });

  it('an invalid per-call totalTimeout is refused before sending', async () => {
    const error = await captureError(at('http://127.0.0.1:9/api/v1').accounts.me({ totalTimeout: -1 }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(() => at('http://127.0.0.1:9/api/v1', { totalTimeout: 0 })).toThrow(ConfigurationError);
  });
});

describe("the caller's AbortSignal", () => {
  it('keeps the reason as the cause of APIUserAbortError, also while waiting to retry', async () => {
    Object.assign(BACKOFF, { baseMs: 5_000, maxMs: 5_000 });
    const server = await loopback((_req, res) => res.writeHead(500).end());
    const controller = new AbortController();
    const reason = new Error('shutting down');
    setTimeout(() => controller.abort(reason), 150);
    const started = Date.now();
    const error = await captureError(at(server.baseUrl).accounts.me({ signal: controller.signal }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(error.cause).toBe(reason);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(server.requests).toHaveLength(1);
  });

  it('a signal from AbortSignal.timeout() gives APITimeoutError with the timeout as cause', async () => {
    const server = await loopback(() => undefined);
    const error = await captureError(at(server.baseUrl).accounts.me({ signal: AbortSignal.timeout(100) }));
    expect(error).toBeInstanceOf(APITimeoutError);
    expect((error.cause as Error).name).toBe('TimeoutError');
  });
});

describe('browser guard', () => {
  const g = globalThis as { window?: unknown; document?: unknown };
  afterEach(() => {
    delete g.window;
    delete g.document;
  });

  it('refuses construction where window and document exist, unless dangerouslyAllowBrowser', () => {
    g.window = {};
    g.document = {};
    const error = (() => {
      try {
        at('https://api.example.test/api/v1');
      } catch (caught) {
        return caught as ConfigurationError;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error?.option).toBe('dangerouslyAllowBrowser');
    expect(() => at('https://api.example.test/api/v1', { dangerouslyAllowBrowser: true })).not.toThrow();
  });

  it('a server with only one of them (a DOM shim) is not a browser', () => {
    g.document = {};
    expect(() => at('https://api.example.test/api/v1')).not.toThrow();
  });
});
