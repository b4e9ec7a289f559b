import type { Middleware } from '../types.js';

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
