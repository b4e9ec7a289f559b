// Routes a test adds with `fake.admin.route`: which requests they serve (method, every segment,
// `:name` parameters decoded), and what they refuse to be added with.
import { describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock } from '../../../src/testing/index.js';
import { call, errorCode } from '../../helpers/fake-call.js';

const setup = () => createFakeCreditPlatform({ clock: createManualClock(), transactions: 0 });

describe('fake.admin.route: what a route serves', () => {
  it('serves only its own method and path, segment by segment, with :name parameters decoded', async () => {
    const fake = setup();
    fake.admin.route('GET', '/reports/:kind/summary', (req) => ({ kind: req.params.kind, path: req.path }));
    const served = await call(fake, 'GET', '/reports/daily%20sales/summary');
    expect([served.status, served.body.data]).toEqual([200, { kind: 'daily sales', path: '/reports/:kind/summary' }]);
    for (const [method, path] of [
      ['POST', '/reports/daily/summary'], // another method
      ['GET', '/reports/daily'], // fewer segments
      ['GET', '/reports/daily/summary/more'], // more segments
      ['GET', '/reports/daily/details'], // another static segment
      ['GET', '/other/daily/summary'], // another first segment
      ['GET', '/reports/%E0%A4%A/summary'], // a parameter that is not valid percent-encoding
    ] as const) {
      const res = await call(fake, method, path);
      expect([method, path, res.status, errorCode(res)]).toEqual([method, path, 404, 'NOT_FOUND']);
      expect(res.body.message).toMatch(/^No route for /);
    }
  });

  it('tries every route: one that does not fit does not hide another that does', async () => {
    const fake = setup();
    fake.admin.route('GET', '/reports/:kind', (req) => ({ any: req.params.kind }));
    fake.admin.route('GET', '/reports/daily', () => ({ daily: true }));
    fake.admin.route('GET', '/other', () => ({ other: true }));
    expect((await call(fake, 'GET', '/reports/daily')).body.data).toEqual({ daily: true });
    expect((await call(fake, 'GET', '/reports/weekly')).body.data).toEqual({ any: 'weekly' });
    expect((await call(fake, 'GET', '/other')).body.data).toEqual({ other: true });
  });

  it('lets the latest route for a method and path win, and answers null for a handler that returns nothing', async () => {
    const fake = setup();
    fake.admin.route('put', '/limits', () => ({ first: true }));
    fake.admin.route('PUT', '/limits', () => undefined, { status: 202 });
    const res = await call(fake, 'PUT', '/limits', { body: {} });
    expect([res.status, res.body.data]).toEqual([202, null]);
  });
});

describe('fake.admin.route: what it refuses', () => {
  it('refuses a method, path or handler it cannot serve, saying what to pass', () => {
    const fake = setup();
    const noop = () => null;
    expect(() => fake.admin.route('HEAD', '/x', noop)).toThrow(
      new TypeError('route(method, ...): method must be one of GET, POST, PUT, PATCH, DELETE.'),
    );
    const path = (given: unknown) =>
      new TypeError(
        `route('GET', path, ...): path is relative to /api/v1 and starts with "/", e.g. '/credit/limits'; got ${JSON.stringify(given)}.`,
      );
    for (const bad of ['/api/v1', '/api/v1/credit', 'credit/limits', 42, undefined]) {
      expect(() => fake.admin.route('GET', bad as string, noop)).toThrow(path(bad));
    }
    expect(() => fake.admin.route('GET', '/x', 'data' as never)).toThrow(
      new TypeError("route('GET', '/x', handler): handler must be a function."),
    );
    // Paths that only look like the prefix are the test's own.
    expect(() => fake.admin.route('GET', '/api/v10', noop)).not.toThrow();
  });
});
