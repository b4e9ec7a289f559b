// The router of the declared operations: static segments beat parameters, left to right, and a
// parameter that is not valid percent-encoding matches no route.
import { describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock } from '../../../src/testing/index.js';
import { type Route, Router } from '../../../src/testing/service/router.js';
import { call, errorCode } from '../../helpers/fake-call.js';

const route = (path: string, method: Route['method'] = 'GET'): Route => ({
  method,
  path,
  handler: () => ({ status: 200, data: path }),
});

describe('Router', () => {
  it('prefers, at the first segment where two routes differ, the static one, whatever follows', () => {
    const templates = ['/:a/:b/:c', '/:a/b/c', '/a/:b/:c', '/:a/:b/c', '/a/b/:c'];
    const router = new Router(templates.map((t) => route(t)));
    const served = (path: string) => router.match('GET', path)?.route.path;
    expect(served('/a/b/c')).toBe('/a/b/:c');
    expect(served('/a/x/c')).toBe('/a/:b/:c');
    expect(served('/x/b/c')).toBe('/:a/b/c');
    expect(served('/x/y/c')).toBe('/:a/:b/c');
    expect(served('/x/y/z')).toBe('/:a/:b/:c');
    // The order the routes were declared in does not matter.
    expect(new Router([...templates].reverse().map((t) => route(t))).match('GET', '/a/b/c')?.route.path).toBe('/a/b/:c');
  });

  it('binds parameters decoded, and matches nothing for a parameter that is not valid percent-encoding', () => {
    const router = new Router([route('/deposits/:depositId'), route('/deposits/:depositId', 'DELETE')]);
    expect(router.match('GET', '/deposits/dep%201')?.params).toEqual({ depositId: 'dep 1' });
    expect(router.match('DELETE', '/deposits/dep_1')?.route.method).toBe('DELETE');
    expect(router.match('GET', '/deposits/%E0%A4%A')).toBeUndefined();
    expect(router.match('GET', '/deposits')).toBeUndefined();
    expect(router.match('PUT', '/deposits/dep_1')).toBeUndefined();
  });
});

describe('the fake on a path that is not valid percent-encoding', () => {
  it('answers 404 NOT_FOUND with how to add the route, not a 500', async () => {
    const fake = createFakeCreditPlatform({ clock: createManualClock(), transactions: 0 });
    const res = await call(fake, 'GET', '/deposits/%E0%A4%A');
    expect([res.status, errorCode(res)]).toEqual([404, 'NOT_FOUND']);
    expect(res.body.message).toMatch(/^No route for GET \/api\/v1\/deposits\/%E0%A4%A: /);
  });
});
