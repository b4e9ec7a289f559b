// The caller's AbortSignal: it ends a call at once, while waiting for a response or to retry,
// keeps its reason as the cause, and an already-aborted one sends nothing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKOFF } from '../../../src/core/retry-policy.js';
import type { Middleware } from '../../../src/core/types.js';
import { APITimeoutError, APIUserAbortError, CreditPlatform } from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { envelope, loopback } from '../../helpers/loopback.js';
import { API_KEY } from '../../helpers/msw.js';

const saved = { ...BACKOFF };
afterEach(() => {
  Object.assign(BACKOFF, saved);
});

const at = (baseUrl: string, options: ConstructorParameters<typeof CreditPlatform>[0] = {}) =>
  new CreditPlatform({ apiKey: API_KEY, baseUrl, logLevel: 'off', ...options });
const clientAt = (baseUrl: string, options: ConstructorParameters<typeof CreditPlatform>[0] = {}) =>
  new CreditPlatform({ apiKey: API_KEY, baseUrl, ...options });

describe("the caller's AbortSignal", () => {
  it('keeps the reason as the cause of APIUserAbortError, also while waiting to retry', async () => {
    Object.assign(BACKOFF, { baseMs: 5_000, maxMs: 5_000 });
    const server = await loopback((_req, res) => res.writeHead(500).end());
    const controller = new AbortController();
    const reason = new Error('shutting down');
    // Aborted once the first answer is in, so the call is waiting to retry (on a loaded machine
    // a timer could fire before the request left).
    const abortAfterAnswer: Middleware = async (request, next) => {
      const response = await next(request);
      setTimeout(() => controller.abort(reason), 50);
      return response;
    };
    const started = Date.now();
    const error = await captureError(
      at(server.baseUrl, { middleware: [abortAfterAnswer] }).accounts.me({ signal: controller.signal }),
    );
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

  it('gives APIUserAbortError promptly while waiting for a response', async () => {
    const server = await loopback(() => undefined);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const error = await captureError(clientAt(server.baseUrl).accounts.me({ signal: controller.signal }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('also ends a retry wait at once', async () => {
    const controller = new AbortController();
    const server = await loopback((_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' });
      res.end(JSON.stringify({ success: false, data: null, message: 'slow down' }));
      // Timed from the answer, not from the call: on a loaded machine the request itself may take
      // longer than a fixed delay to arrive. The 30 s wait has begun by then, or begins at once.
      setTimeout(() => controller.abort(), 200);
    });
    const started = Date.now();
    const error = await captureError(clientAt(server.baseUrl).accounts.me({ signal: controller.signal }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(server.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('aborted as an attempt fails, ends the call without starting the wait', async () => {
    const server = await loopback((_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3' });
      res.end(JSON.stringify({ success: false, data: null, message: 'slow down' }));
    });
    const controller = new AbortController();
    const reason = new Error('shutting down');
    // The body is read before the abort, so the answer stands and the call goes on to its wait.
    const abortOnAnswer: Middleware = async (request, next) => {
      const response = await next(request);
      const body = await response.arrayBuffer();
      controller.abort(reason);
      return new Response(body, response);
    };
    const started = Date.now();
    const error = await captureError(
      at(server.baseUrl, { middleware: [abortOnAnswer] }).accounts.me({ signal: controller.signal }),
    );
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(error.cause).toBe(reason);
    expect(server.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2_000); // not the 3 s Retry-After
  });

  it('leaves no timer of the ended wait holding the process open', async () => {
    const server = await loopback((_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' });
      res.end(JSON.stringify({ success: false, data: null, message: 'slow down' }));
    });
    const controller = new AbortController();
    const abortOnAnswer: Middleware = async (request, next) => {
      const response = await next(request);
      setTimeout(() => controller.abort(), 50);
      return response;
    };
    const started = vi.spyOn(globalThis, 'setTimeout');
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    const error = await captureError(
      at(server.baseUrl, { middleware: [abortOnAnswer] }).accounts.me({ signal: controller.signal }),
    );
    const long = started.mock.calls.flatMap((args, i) => ((args[1] ?? 0) >= 20_000 ? [started.mock.results[i]?.value] : []));
    const clearedTimers = cleared.mock.calls.map(([timer]) => timer);
    started.mockRestore();
    cleared.mockRestore();
    expect(error).toBeInstanceOf(APIUserAbortError);
    // The 30 s wait at least, and none of them fired yet: each must have been cleared, or it
    // would keep a script alive for the rest of its time.
    expect(long.length).toBeGreaterThan(0);
    for (const timer of long) expect(clearedTimers).toContain(timer);
  });

  it('an already-aborted signal sends nothing', async () => {
    const server = await loopback((_req, res) => res.end(envelope({ id: 'a' })));
    const error = await captureError(clientAt(server.baseUrl).accounts.me({ signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(server.requests).toHaveLength(0);
  });
});
