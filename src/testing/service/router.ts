import type { OperationName } from '../../resources/operations.js';
import type { Ok } from '../http-envelope.js';
import type { AccountState, StoredKey, Store } from '../store/store.js';
import type { Permission } from '../types.js';

/** What a route handler gets: the caller's account, the parsed request, and the services. */
export interface RouteContext {
  store: Store;
  state: AccountState;
  key: StoredKey;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON object body; `{}` when the request had none. */
  body: Record<string, unknown>;
  /** Queues an event for the account's webhook subscriptions; sent only if the handler succeeds. */
  emit(type: string, data: Record<string, unknown>): void;
}

/** Serves one operation of the service. */
export type Handler = (ctx: RouteContext) => Ok | Promise<Ok>;

/** One handler per operation the SDK declares: a missing one is a compile error. */
export type Handlers = Record<OperationName, Handler>;

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to /api/v1, with `:name` segments, e.g. `/deposits/:depositId`. */
  path: string;
  handler: Handler;
  /** The declared operation this route serves (`deposits.retrieve`); none for a test's own routes. */
  operation?: OperationName;
}

interface CompiledRoute extends Route {
  segments: string[];
}

/**
 * The permission a request needs (the fake's choice, docs/design/operations.md):
 * anything under /keys needs admin, reads need read, every other method needs write.
 */
export function requiredPermission(method: string, path: string): Permission {
  if (path === '/keys' || path.startsWith('/keys/')) return 'admin';
  // No route answers HEAD, so GET is the only read.
  return method === 'GET' ? 'read' : 'write';
}

const RANK: Record<Permission, number> = { read: 1, write: 2, admin: 3 };

/** Permissions form a ladder: a key holds a permission if it holds it or a higher one. */
export function hasPermission(granted: readonly Permission[], needed: Permission): boolean {
  return granted.some((p) => RANK[p] >= RANK[needed]);
}

/** Static segments beat parameters, so `/deposits/withdrawals` wins over `/deposits/:depositId`. */
export class Router {
  readonly #routes: CompiledRoute[];

  constructor(routes: Route[]) {
    this.#routes = routes
      .map((r) => ({ ...r, segments: r.path.split('/').filter(Boolean) }))
      .sort((a, b) => specificity(b.segments) - specificity(a.segments));
  }

  match(method: string, path: string): { route: Route; params: Record<string, string> } | undefined {
    const parts = path.split('/').filter(Boolean);
    for (const route of this.#routes) {
      if (route.method !== method || route.segments.length !== parts.length) continue;
      const params = bind(route.segments, parts);
      if (params) return { route, params };
    }
    return undefined;
  }
}

function specificity(segments: string[]): number {
  return segments.reduce((score, s, i) => score + (s.startsWith(':') ? 0 : 2 ** (10 - i)), 0);
}

/** The decoded `:name` parameters when `parts` fit the route's `segments` one by one; undefined otherwise. */
export function bind(segments: string[], parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    const part = parts[i] as string;
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(part);
      } catch {
        return undefined;
      }
    } else if (segment !== part) return undefined;
  }
  return params;
}
