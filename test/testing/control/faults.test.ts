import { describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock, type FaultSpec } from '../../../src/testing/index.js';
import { call, ORIGIN } from '../../helpers/fake-call.js';

const setup = () => createFakeCreditPlatform({ clock: createManualClock(), transactions: 5 });
const me = (fake: ReturnType<typeof setup>, method = 'GET') =>
  fake.handle(new Request(`${ORIGIN}/api/v1/accounts/me`, { method, headers: { 'x-api-key': fake.apiKey } }));

describe('fault injection', () => {
  it('fails the next N matching requests with a status, in the envelope, then recovers', async () => {
    const fake = setup();
    fake.faults.inject({ path: '/accounts/me', kind: 'status', status: 503, times: 2 });
    const first = await call(fake, 'GET', '/accounts/me');
    expect(first.status).toBe(503);
    expect(first.body).toMatchObject({ success: false, data: null, errors: [{ code: 'INJECTED_FAULT' }] });
    expect(first.headers.get('x-ratelimit-limit')).toBe('600');
    expect((await call(fake, 'GET', '/transactions')).status).toBe(200);
    expect((await call(fake, 'GET', '/accounts/me')).status).toBe(503);
    expect((await call(fake, 'GET', '/accounts/me')).status).toBe(200);
    expect(fake.faults.pending).toBe(0);
  });

  it('delays a request by real time, then serves it', async () => {
    const fake = setup();
    fake.faults.inject({ path: '/accounts/me', kind: 'delay', delayMs: 120 });
    const started = performance.now();
    const res = await me(fake);
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
    expect(res.status).toBe(200);
  });

  it('drops the connection: handle() resolves to a network error response', async () => {
    const fake = setup();
    fake.faults.inject({ path: '/accounts/me', kind: 'drop' });
    const res = await me(fake);
    expect(res.type).toBe('error');
    expect(res.status).toBe(0);
  });

  it('answers a non-JSON body', async () => {
    const fake = setup();
    fake.faults.inject({ path: /^\/accounts/, kind: 'non-json', status: 502 });
    const res = await me(fake);
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    await expect(res.clone().json()).rejects.toThrow();
    expect(await res.text()).toContain('<html>');
  });

  it('matches on method when given, and refuses nonsense specs', async () => {
    const fake = setup();
    fake.faults.inject({ method: 'post', path: '/accounts/me', kind: 'status' });
    expect((await me(fake)).status).toBe(200);
    expect(fake.faults.pending).toBe(1);
    fake.faults.clear();
    expect(fake.faults.pending).toBe(0);
    expect(() => fake.faults.inject({ path: '/x', kind: 'delay' })).toThrow(RangeError);
    expect(() => fake.faults.inject({ path: '/x', kind: 'status', times: 0 })).toThrow(RangeError);
    expect(() => fake.faults.inject({ path: '/x', kind: 'status', status: 99 })).toThrow(RangeError);
  });

  it('does not run the request (no state change) when a fault answers instead', async () => {
    const fake = setup();
    const before = fake.admin.snapshot();
    fake.faults.inject({ path: '/deposits', kind: 'status', status: 500 });
    const res = await call(fake, 'POST', '/deposits', { body: { token: 'ETH', chain: 'Base', amount: '1' } });
    expect(res.status).toBe(500);
    expect(fake.admin.snapshot()).toEqual(before);
  });

  it('a raw fault answers exactly its status, headers and body; status faults carry extra headers', async () => {
    const fake = setup();
    fake.faults.inject({ path: '/accounts/me', kind: 'raw', status: 502 });
    fake.faults.inject({
      path: '/accounts/me',
      kind: 'raw',
      body: '{"success":tr',
      headers: { 'content-type': 'application/json' },
    });
    fake.faults.inject({ path: '/accounts/me', kind: 'status', status: 503, headers: { 'retry-after': '1' } });
    const empty = await me(fake);
    expect(empty.status).toBe(502);
    expect(await empty.text()).toBe('');
    expect(empty.headers.get('x-ratelimit-limit')).toBeNull();
    const truncated = await me(fake);
    expect(truncated.status).toBe(200);
    expect(await truncated.text()).toBe('{"success":tr');
    const busy = await me(fake);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(busy.headers.get('x-ratelimit-limit')).toBe('600');
  });
  it('takes a method in any case, and matches it against the request method only', async () => {
    const fake = setup();
    fake.faults.inject({ method: 'post', path: '/deposits', kind: 'status', status: 503 });
    expect((await call(fake, 'GET', '/deposits')).status).toBe(200);
    const res = await call(fake, 'POST', '/deposits', { body: { token: 'ETH', chain: 'Base', amount: '1' } });
    expect(res.status).toBe(503);
    expect(fake.faults.pending).toBe(0);
  });

  it('without a method matches every method; a string path matches only that path, a RegExp any it accepts', async () => {
    const fake = setup();
    fake.faults.inject({ path: '/deposits', kind: 'status', status: 502, times: 2 });
    expect((await call(fake, 'GET', '/deposits/dep_x')).status).toBe(404);
    expect((await call(fake, 'GET', '/deposits')).status).toBe(502);
    expect((await call(fake, 'POST', '/deposits', { body: {} })).status).toBe(502);
    fake.faults.inject({ path: /^\/deposits\/dep_/, kind: 'status', status: 504 });
    expect((await call(fake, 'GET', '/deposits')).status).toBe(200);
    expect((await call(fake, 'GET', '/deposits/dep_x')).status).toBe(504);
  });

  it('uses faults in the order they were injected', async () => {
    const fake = setup();
    fake.faults.inject({ path: /^\/accounts/, kind: 'status', status: 502 });
    fake.faults.inject({ path: '/accounts/me', kind: 'status', status: 503 });
    expect(fake.faults.pending).toBe(2);
    expect((await call(fake, 'GET', '/accounts/me')).status).toBe(502);
    expect((await call(fake, 'GET', '/accounts/me')).status).toBe(503);
    expect((await call(fake, 'GET', '/accounts/me')).status).toBe(200);
  });

  it('accepts every status from 200 to 599 and a delay of 0 ms; refuses anything else with a RangeError', async () => {
    const fake = setup();
    for (const status of [200, 201, 500, 598, 599]) fake.faults.inject({ path: '/x', kind: 'status', status });
    fake.faults.inject({ path: '/x', kind: 'delay', delayMs: 0 });
    fake.faults.inject({ path: '/x', kind: 'status', times: 3 });
    expect(fake.faults.pending).toBe(9);
    const refused: FaultSpec[] = [
      { path: '/x', kind: 'status', status: 199 },
      { path: '/x', kind: 'status', status: 600 },
      { path: '/x', kind: 'status', status: 200.5 },
      { path: '/x', kind: 'delay', delayMs: -1 },
      { path: '/x', kind: 'delay', delayMs: '10' as unknown as number },
      { path: '/x', kind: 'status', times: 1.5 },
      { path: '/x', kind: 'status', times: -1 },
    ];
    for (const spec of refused) expect(() => fake.faults.inject(spec)).toThrow(RangeError);
    expect(fake.faults.pending).toBe(9);
  });
});
