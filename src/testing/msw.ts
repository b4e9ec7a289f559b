/**
 * msw handlers that serve the fake, for your own vitest or jest suite. msw is an optional peer
 * dependency: only this entry imports it.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createFakeCreditPlatform } from 'credit-platform/testing';
 * import { createFakeHandlers } from 'credit-platform/testing/msw';
 *
 * const server = setupServer(...createFakeHandlers(createFakeCreditPlatform(), { baseUrl: 'https://api.example.test/api/v1' }));
 * ```
 *
 * @module credit-platform/testing/msw
 */
import { http, type RequestHandler } from 'msw';
import type { FakeCreditPlatform } from './service/fake-credit-platform.js';

/**
 * Options of {@link createFakeHandlers}.
 *
 * @example
 * ```ts
 * const options: FakeHandlersOptions = { baseUrl: 'https://api.example.test/api/v1' };
 * ```
 */
export interface FakeHandlersOptions {
  /** The base URL your code under test uses, ending in `/api/v1` or any other prefix. */
  baseUrl: string;
}

/**
 * msw handlers that answer every request under `baseUrl` from the fake, for your
 * own vitest or jest suite. Import from `credit-platform/testing/msw` (msw is yours
 * to install; the main testing entry does not need it).
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createFakeCreditPlatform } from 'credit-platform/testing';
 * import { createFakeHandlers } from 'credit-platform/testing/msw';
 *
 * const fake = createFakeCreditPlatform();
 * const server = setupServer(...createFakeHandlers(fake, { baseUrl: 'https://api.example.test/api/v1' }));
 * server.listen({ onUnhandledFrame: 'error' });
 * ```
 */
export function createFakeHandlers(fake: FakeCreditPlatform, options: FakeHandlersOptions): RequestHandler[] {
  const base = new URL(options.baseUrl.replace(/\/+$/, ''));
  const prefix = base.href.replace(/\/+$/, '');
  // The fake serves under /api/v1: the request is rewritten onto it (onto itself for that prefix).
  const serve = ({ request }: { request: Request }) => {
    const rest = request.url.slice(prefix.length);
    return fake.handle(new Request(`${base.origin}/api/v1${rest}`, request));
  };
  return [http.all(prefix, serve), http.all(`${prefix}/*`, serve)];
}
