import { http, HttpResponse, passthrough, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { CreditPlatform } from '../../src/index.js';
import type { ClientOptions } from '../../src/core/config/client-options.js';
import { API_KEY } from './api-key.js';

export { API_KEY };
export const BASE_URL = 'https://api.credit.test/api/v1';
export { http, HttpResponse };

/** An msw server for one test file; unhandled requests fail loudly. */
export function useMswServer(): ReturnType<typeof setupServer> {
  // Real loopback servers in the same file are reached for real.
  const server = setupServer(http.all(/^http:\/\/127\.0\.0\.1:/, () => passthrough()));
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' } as Parameters<typeof server.listen>[0]));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

export function client(options: ClientOptions = {}): CreditPlatform {
  return new CreditPlatform({ apiKey: API_KEY, baseUrl: BASE_URL, ...options });
}

export const RATE_HEADERS = { 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': '119', 'x-ratelimit-reset': '1709856000' };

export function ok(data: JsonBodyType, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return HttpResponse.json(
    { success: true, data, message: null },
    { status: init.status ?? 200, headers: { ...RATE_HEADERS, ...init.headers } },
  );
}

export function fail(
  status: number,
  message: string | null,
  errors?: { field: string; message: string; code?: string }[],
  headers: Record<string, string> = {},
): Response {
  return HttpResponse.json({ success: false, data: null, message, errors }, { status, headers: { ...RATE_HEADERS, ...headers } });
}

export const url = (path: string): string => `${BASE_URL}/${path.replace(/^\//, '')}`;

/** Answers every request with `data` (an empty page unless given) and counts those that reach the network. */
export function countSent(
  server: ReturnType<typeof setupServer>,
  data: JsonBodyType = { items: [], nextCursor: null },
): () => number {
  let sent = 0;
  server.use(
    http.all(/.*/, () => {
      sent++;
      return ok(data);
    }),
  );
  return () => sent;
}
