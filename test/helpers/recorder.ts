import type { JsonBodyType } from 'msw';
import { BASE_URL, http, ok } from './msw.js';
import type { setupServer } from 'msw/node';

/** What one request looked like on the wire. */
export interface Seen {
  method: string;
  /** Path relative to the base URL, still percent-encoded, without the query. */
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/**
 * Answers every request under the base URL with `ok(data)` (201 for POST) and records it, so a
 * test can assert both the route and that nothing was sent when validation failed.
 */
export function record(server: ReturnType<typeof setupServer>, data: JsonBodyType | ((seen: Seen) => JsonBodyType) = {}): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.all(`${BASE_URL}/*`, async ({ request }) => {
      const u = new URL(request.url);
      const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
      const entry: Seen = {
        method: request.method,
        path: u.pathname.slice(new URL(BASE_URL).pathname.length + 1),
        query: Object.fromEntries(u.searchParams),
        body: text ? JSON.parse(text) : undefined,
      };
      seen.push(entry);
      return ok(typeof data === 'function' ? data(entry) : data, { status: request.method === 'POST' ? 201 : 200 });
    }),
  );
  return seen;
}
