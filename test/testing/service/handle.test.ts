// The request pipeline of the fake (faults, rate limit, authentication, routing, handler), driven
// through `fake.handle` as a user's test drives it.
import { describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock } from '../../../src/testing/index.js';
import { call, errorCode, ORIGIN } from '../../helpers/fake-call.js';

const setup = () => createFakeCreditPlatform({ clock: createManualClock(), transactions: 3 });

describe('the /api/v1 prefix', () => {
  it('serves /api/v1 and /api/v1/ as the path "/", and nothing outside the prefix', async () => {
    const fake = setup();
    fake.admin.route('GET', '/', () => ({ root: true }));
    for (const url of [`${ORIGIN}/api/v1`, `${ORIGIN}/api/v1/`]) {
      const res = await call(fake, 'GET', url);
      expect([url, res.status, res.body.data]).toEqual([url, 200, { root: true }]);
    }
    for (const url of [`${ORIGIN}/api/v10`, `${ORIGIN}/api/v1x/`, `${ORIGIN}/`]) {
      const res = await call(fake, 'GET', url);
      expect([url, res.status, res.body.message]).toEqual([url, 404, 'No route outside /api/v1']);
    }
  });
});

describe('injected faults', () => {
  it('are never used up by a request outside /api/v1', async () => {
    const fake = setup();
    fake.faults.inject({ path: /./, kind: 'status', status: 503 });
    const outside = await call(fake, 'GET', `${ORIGIN}/elsewhere`);
    expect([outside.status, errorCode(outside)]).toEqual([404, 'NOT_FOUND']);
    expect(fake.faults.pending).toBe(1);
    expect((await call(fake, 'GET', '/accounts/me')).status).toBe(503);
  });

  it("carry the bucket's rate-limit headers without counting the request, and no Retry-After even when it is spent", async () => {
    const fake = createFakeCreditPlatform({ clock: createManualClock(), transactions: 0, tier: 'free' });
    fake.faults.inject({ path: '/accounts/me', kind: 'status', status: 503 });
    const injected = await call(fake, 'GET', '/accounts/me');
    expect([injected.status, errorCode(injected)]).toEqual([503, 'INJECTED_FAULT']);
    expect(injected.headers.get('x-ratelimit-remaining')).toBe('30');
    expect(injected.headers.get('retry-after')).toBeNull();
    for (let i = 0; i < 30; i++) await call(fake, 'GET', '/accounts/me');
    fake.faults.inject({ path: '/accounts/me', kind: 'non-json', status: 502 });
    const spent = await fake.handle(new Request(`${ORIGIN}/api/v1/accounts/me`, { headers: { 'x-api-key': fake.apiKey } }));
    expect(spent.status).toBe(502);
    expect(spent.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect([spent.headers.get('x-ratelimit-limit'), spent.headers.get('x-ratelimit-remaining')]).toEqual(['30', '0']);
    expect(spent.headers.get('retry-after')).toBeNull();
    expect((await call(fake, 'GET', '/accounts/me')).status).toBe(429);
  });
});

describe("a handler's errors", () => {
  it("keep a declared operation's own status and message when it is not a 404", async () => {
    const fake = setup();
    const res = await call(fake, 'POST', '/deposits', { body: { token: 'USDC', chain: 'Base', amount: '-1' } });
    expect(res.status).toBe(422);
    expect(res.body.message).not.toMatch(/deposits\.create/);
  });

  it('name the operation a 404 was read as, in the message and in each error', async () => {
    const res = await call(setup(), 'GET', '/deposits/dep_nope');
    const message = 'Deposit "dep_nope" does not exist (deposits.retrieve: GET /api/v1/deposits/{depositId})';
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, data: null, message, errors: [{ field: 'id', code: 'NOT_FOUND', message }] });
  });

  it("answer a route of the test's own that throws with 500 INTERNAL_ERROR, never its message", async () => {
    const fake = setup();
    fake.admin.route('GET', '/reports/daily', () => {
      throw new Error('secret detail of the test');
    });
    const res = await call(fake, 'GET', '/reports/daily');
    expect([res.status, errorCode(res)]).toEqual([500, 'INTERNAL_ERROR']);
    expect(JSON.stringify(res.body)).not.toContain('secret detail');
    expect(res.headers.get('x-ratelimit-limit')).toBe('600');
  });
});

describe('authentication', () => {
  it('treats an empty X-API-Key as missing', async () => {
    const res = await call(setup(), 'GET', '/accounts/me', { key: '' });
    expect([res.status, errorCode(res)]).toEqual([401, 'MISSING_API_KEY']);
  });
});
