import type { FaultInjector, FaultSpec } from '../control/faults.js';
import { errorResponse, FakeHttpError, httpError, okResponse, readJsonBody } from '../http-envelope.js';
import { rateLimitHeaders, type RateLimiter, type RateLimitVerdict } from './rate-limiter.js';
import { hasPermission, type Route, requiredPermission, type RouteContext, type Router } from './router.js';
import type { Scheduler } from '../delivery/scheduler.js';
import { undeclaredRouteMessage, type UserRoutes } from './user-routes.js';
import type { KeyLookup, Store } from '../store/store.js';
import type { WebhookDeliverer } from '../delivery/webhook-deliverer.js';

/** What the pipeline needs from the fake. */
export interface Deps {
  store: Store;
  scheduler: Scheduler;
  deliverer: WebhookDeliverer;
  faults: FaultInjector;
  limiter: RateLimiter;
  router: Router;
  userRoutes: UserRoutes;
  maxBodyBytes: number;
}

const PREFIX = '/api/v1';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The request pipeline: faults, rate limit, authentication, route, permission, body,
 * handler. Every exit carries the envelope and the X-RateLimit-* headers. Requests
 * without a valid key (missing, unknown, revoked) are limited in a per-client-address
 * bucket at the free tier, so even a 401 has honest headers without letting
 * arbitrary key strings create buckets.
 */
export async function handleRequest(deps: Deps, request: Request, clientAddress: string): Promise<Response> {
  const now = deps.store.clock.now();
  const method = request.method.toUpperCase();
  const url = new URL(request.url);
  const pathname = url.pathname;
  const path = pathname === PREFIX ? '/' : pathname.startsWith(`${PREFIX}/`) ? pathname.slice(PREFIX.length) : undefined;
  const rawKey = request.headers.get('x-api-key');
  const lookup: KeyLookup | undefined = rawKey ? deps.store.lookupKey(rawKey) : undefined;
  const bucket =
    lookup?.kind === 'valid'
      ? { id: `key:${lookup.key.keyId}`, tier: lookup.state.account.tier }
      : { id: `client:${clientAddress}`, tier: 'free' as const };

  const fault = path === undefined ? undefined : deps.faults.take(method, path);
  if (fault && fault.kind !== 'delay') return faultResponse(fault, deps.limiter.peek(bucket.id, bucket.tier, now), now);
  if (fault?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.delayMs));

  const verdict = deps.limiter.consume(bucket.id, bucket.tier, now);
  const headers = rateLimitHeaders(verdict, now);
  try {
    if (!verdict.allowed)
      throw httpError(429, 'RATE_LIMIT_EXCEEDED', 'X-API-Key', 'Rate limit exceeded; retry after X-RateLimit-Reset');
    if (path === undefined) throw httpError(404, 'NOT_FOUND', 'path', `No route outside ${PREFIX}`);
    if (lookup === undefined) throw httpError(401, 'MISSING_API_KEY', 'X-API-Key', 'The X-API-Key header is required');
    if (lookup.kind === 'unknown') throw httpError(401, 'INVALID_API_KEY', 'X-API-Key', 'The API key is not valid');
    if (lookup.kind === 'revoked') throw httpError(401, 'KEY_REVOKED', 'X-API-Key', 'The API key has been revoked');
    const userMatch = deps.userRoutes.match(method, path);
    const match = userMatch ?? deps.router.match(method, path);
    if (!match) throw httpError(404, 'NOT_FOUND', 'path', undeclaredRouteMessage(method, path));
    const needed = requiredPermission(method, path);
    if (!hasPermission(lookup.key.permissions, needed)) {
      throw httpError(403, 'INSUFFICIENT_PERMISSIONS', 'X-API-Key', `This operation needs the ${needed} permission`);
    }
    const body = BODY_METHODS.has(method) ? await readJsonBody(request, deps.maxBodyBytes) : undefined;
    const events: { type: string; data: Record<string, unknown> }[] = [];
    const ctx: RouteContext = {
      store: deps.store,
      state: lookup.state,
      key: lookup.key,
      params: match.params,
      query: url.searchParams,
      body: body ?? {},
      emit: (type, data) => void events.push({ type, data }),
    };
    let result: Awaited<ReturnType<typeof match.route.handler>>;
    try {
      result = await match.route.handler(ctx);
    } catch (error) {
      // A declared operation matched, so the record is what is missing; naming the operation the
      // path was read as shows `client.request('GET', '/credit/limits')` that it reached
      // credit.retrieve, which a route of the test's own (matched first) would take over.
      // Only a declared operation's handler throws the fake's own errors; a test's route cannot.
      throw error instanceof FakeHttpError && error.status === 404 ? readAs(error, match.route, method) : error;
    }
    // Events leave only once the handler has succeeded, so a rejected request emits nothing.
    for (const e of events) deps.scheduler.track(deps.deliverer.publish(lookup.state, e.type, e.data).then(() => undefined));
    return okResponse(result, headers);
  } catch (error) {
    if (error instanceof FakeHttpError) return errorResponse(error, headers);
    return errorResponse(httpError(500, 'INTERNAL_ERROR', 'server', 'The fake failed to handle this request'), headers);
  }
}

function faultResponse(fault: FaultSpec, verdict: RateLimitVerdict, now: number): Response {
  if (fault.kind === 'drop') return Response.error();
  if (fault.kind === 'raw') return new Response(fault.body ?? '', { status: fault.status ?? 200, headers: fault.headers });
  const headers = rateLimitHeaders(verdict, now);
  for (const [name, value] of Object.entries(fault.headers ?? {})) headers.set(name, value);
  if (fault.kind === 'non-json') {
    headers.set('content-type', 'text/html; charset=utf-8');
    return new Response('<html><body><h1>Bad Gateway</h1></body></html>', { status: fault.status ?? 200, headers });
  }
  const status = fault.status ?? 500;
  return errorResponse(httpError(status, 'INJECTED_FAULT', 'server', `Injected fault (${status})`), headers);
}

/** The 404 with the declared operation the request was served as: `(deposits.retrieve: GET /api/v1/deposits/{depositId})`. */
function readAs(error: FakeHttpError, route: Route, method: string): FakeHttpError {
  const shown = route.path.replace(/:(\w+)/g, '{$1}');
  const message = `${error.message} (${route.operation}: ${method} /api/v1${shown})`;
  return new FakeHttpError(
    404,
    message,
    error.errors.map((item) => ({ ...item, message })),
  );
}
