/**
 * A step around every attempt of every request: it gets the `Request` (without `X-API-Key`,
 * which is added after the last middleware) and `next`, and returns the `Response`. Runs once per
 * attempt, inside the retry loop, so a retried call passes through it again. It may change the
 * request (return `next(new Request(request, { headers }))`), time it, or answer without sending.
 *
 * @example
 * ```ts
 * import { CreditPlatform, type Middleware } from 'credit-platform';
 * const requestId: Middleware = (request, next) => {
 *   const headers = new Headers(request.headers);
 *   headers.set('x-request-id', crypto.randomUUID());
 *   return next(new Request(request, { headers }));
 * };
 * const client = new CreditPlatform({ middleware: [requestId] });
 * ```
 */
export type Middleware = (request: Request, next: (request: Request) => Promise<Response>) => Promise<Response>;

/**
 * Runs `chain` in order around `last`: the first middleware is the outermost. A middleware that
 * calls `next` twice sends twice; that is its choice, as in any middleware chain.
 */
export function runMiddleware(
  chain: readonly Middleware[],
  request: Request,
  last: (request: Request) => Promise<Response>,
): Promise<Response> {
  const step = (index: number, current: Request): Promise<Response> => {
    const middleware = chain[index];
    if (middleware === undefined) return last(current);
    return middleware(current, (next) => {
      if (!(next instanceof Request)) {
        return Promise.reject(new TypeError('A middleware must call next() with a Request.'));
      }
      return step(index + 1, next);
    });
  };
  return step(0, request);
}
