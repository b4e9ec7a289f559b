import { bind, type Route } from './router.js';

/**
 * What a route added with `fake.admin.route` receives.
 *
 * @example
 * ```ts
 * fake.admin.route('GET', '/credit/limits/:token', (req: FakeRouteRequest) => ({ token: req.params.token, available: '100.00' }));
 * ```
 */
export interface FakeRouteRequest {
  /** `GET`, `POST`, ... */
  method: string;
  /** The path relative to `/api/v1`, e.g. `/credit/limits`. */
  path: string;
  /** The `:name` segments of the route, decoded. */
  params: Record<string, string>;
  /** The query string. */
  query: URLSearchParams;
  /** The parsed JSON body; `{}` when there was none. */
  body: Record<string, unknown>;
  /** The account of the key that called. */
  accountId: string;
}

/**
 * A route of your own: returns the `data` of the success envelope (or a promise of it).
 *
 * @example
 * ```ts
 * const limits: FakeRouteHandler = () => ({ available: '2500.00' });
 * fake.admin.route('GET', '/credit/limits', limits);
 * ```
 */
export type FakeRouteHandler = (request: FakeRouteRequest) => unknown;

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Routes a test adds for operations this SDK does not declare (the `client.request` escape
 * hatch). They are matched before the built-in ones, so `/credit/limits` is not read as the
 * credit line `limits`. Authentication, permissions and the rate limit apply as usual.
 */
export class UserRoutes {
  readonly #routes: { route: Route; segments: string[] }[] = [];

  add(method: string, path: string, handler: FakeRouteHandler, status = 200): void {
    const verb = String(method).toUpperCase();
    if (!METHODS.has(verb)) throw new TypeError(`route(method, ...): method must be one of ${[...METHODS].join(', ')}.`);
    if (typeof path !== 'string' || !path.startsWith('/') || path === '/api/v1' || path.startsWith('/api/v1/')) {
      throw new TypeError(
        `route('${verb}', path, ...): path is relative to /api/v1 and starts with "/", e.g. '/credit/limits'; got ${JSON.stringify(path)}.`,
      );
    }
    if (typeof handler !== 'function') throw new TypeError(`route('${verb}', '${path}', handler): handler must be a function.`);
    const route: Route = {
      method: verb as Route['method'],
      path,
      handler: async (ctx) => ({
        status,
        data:
          (await handler({
            method: verb,
            path,
            params: ctx.params,
            query: ctx.query,
            body: ctx.body,
            accountId: ctx.state.account.id,
          })) ?? null,
      }),
    };
    // The latest route for the same method and path wins, so a test can override its own.
    this.#routes.unshift({ route, segments: path.split('/').filter(Boolean) });
  }

  match(method: string, path: string): { route: Route; params: Record<string, string> } | undefined {
    const parts = path.split('/').filter(Boolean);
    for (const { route, segments } of this.#routes) {
      if (route.method !== method || segments.length !== parts.length) continue;
      const params = bind(segments, parts);
      if (params) return { route, params };
    }
    return undefined;
  }
}

/** The 404 for a path no route serves: says how to serve it. */
export function undeclaredRouteMessage(method: string, path: string): string {
  return (
    `No route for ${method} /api/v1${path}: the fake serves the operations this SDK declares. ` +
    `To test client.request against it, add the route: fake.admin.route('${method}', '${path}', (req) => data).`
  );
}
