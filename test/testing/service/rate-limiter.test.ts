import { describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock, RATE_LIMIT_TIERS } from '../../../src/testing/index.js';
import { call, errorCode } from '../../helpers/fake-call.js';

function freeTier(rateLimit = {}) {
  const clock = createManualClock();
  const fake = createFakeCreditPlatform({ clock, transactions: 0, rateLimit });
  const account = fake.admin.createAccount({ tier: 'free' });
  const key = fake.admin.createKey(account.id).key;
  return { fake, clock, key };
}

describe('rate limiting', () => {
  it('has the three tiers of the spec', () => {
    expect(RATE_LIMIT_TIERS).toEqual({
      free: { perMinute: 30, perDay: 1000 },
      standard: { perMinute: 120, perDay: 10000 },
      premium: { perMinute: 600, perDay: 100000 },
    });
  });

  it('counts down X-RateLimit-Remaining and answers 429 with Remaining 0 past the minute limit', async () => {
    const { fake, clock, key } = freeTier();
    for (let i = 1; i <= 30; i++) {
      const res = await call(fake, 'GET', '/accounts/me', { key });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('30');
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(30 - i));
    }
    const limited = await call(fake, 'GET', '/accounts/me', { key });
    expect(limited.status).toBe(429);
    expect(errorCode(limited)).toBe('RATE_LIMIT_EXCEEDED');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBe(Math.ceil((clock.now() + 60_000) / 1000));
    expect(limited.headers.get('retry-after')).toBe('60');
  });

  it('slides: requests leave the window one by one', async () => {
    const { fake, key } = freeTier();
    for (let i = 0; i < 15; i++) await call(fake, 'GET', '/accounts/me', { key });
    await fake.advanceTime(30_000);
    for (let i = 0; i < 15; i++) await call(fake, 'GET', '/accounts/me', { key });
    expect((await call(fake, 'GET', '/accounts/me', { key })).status).toBe(429);
    await fake.advanceTime(30_000); // the first 15 have left the window, the last 15 have not
    const res = await call(fake, 'GET', '/accounts/me', { key });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('14');
  });

  it('does not count refused requests', async () => {
    const { fake, key } = freeTier();
    for (let i = 0; i < 30; i++) await call(fake, 'GET', '/accounts/me', { key });
    for (let i = 0; i < 10; i++) expect((await call(fake, 'GET', '/accounts/me', { key })).status).toBe(429);
    await fake.advanceTime(60_000);
    expect((await call(fake, 'GET', '/accounts/me', { key })).headers.get('x-ratelimit-remaining')).toBe('29');
  });

  it('enforces the daily limit with configurable windows, reporting the binding window', async () => {
    const { fake, key } = freeTier({ minuteWindowMs: 100, dayWindowMs: 10_000, tiers: { free: { perMinute: 5, perDay: 8 } } });
    for (let i = 0; i < 5; i++) expect((await call(fake, 'GET', '/accounts/me', { key })).status).toBe(200);
    expect((await call(fake, 'GET', '/accounts/me', { key })).status).toBe(429);
    await fake.advanceTime(100);
    const res = await call(fake, 'GET', '/accounts/me', { key });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('8'); // now the day window binds
    expect(res.headers.get('x-ratelimit-remaining')).toBe('2');
    await call(fake, 'GET', '/accounts/me', { key });
    await call(fake, 'GET', '/accounts/me', { key });
    await fake.advanceTime(100);
    const daily = await call(fake, 'GET', '/accounts/me', { key });
    expect(daily.status).toBe(429);
    expect(daily.headers.get('x-ratelimit-limit')).toBe('8');
    await fake.advanceTime(10_000);
    expect((await call(fake, 'GET', '/accounts/me', { key })).status).toBe(200);
  });

  it('points Reset and Retry-After at the window that frees a request last when both are spent', async () => {
    const { fake, clock, key } = freeTier({ dayWindowMs: 600_000, tiers: { free: { perMinute: 4, perDay: 8 } } });
    const start = clock.now();
    for (let i = 0; i < 4; i++) await call(fake, 'GET', '/accounts/me', { key });
    await fake.advanceTime(60_000);
    for (let i = 0; i < 4; i++) expect((await call(fake, 'GET', '/accounts/me', { key })).status).toBe(200);
    const limited = await call(fake, 'GET', '/accounts/me', { key });
    expect(limited.status).toBe(429);
    // The minute window frees a request at start + 120 s, but the day window only at start + 600 s.
    expect(limited.headers.get('x-ratelimit-limit')).toBe('8');
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBe(Math.ceil((start + 600_000) / 1000));
    expect(limited.headers.get('retry-after')).toBe('540');
    await fake.advanceTime(540_000);
    expect((await call(fake, 'GET', '/accounts/me', { key })).status).toBe(200);
  });

  it('sends Retry-After only with a 429', async () => {
    const { fake, key } = freeTier();
    const res = await call(fake, 'GET', '/accounts/me', { key });
    expect([res.status, res.headers.get('retry-after')]).toEqual([200, null]);
  });

  it('limits each key separately', async () => {
    const { fake, key } = freeTier();
    for (let i = 0; i < 30; i++) await call(fake, 'GET', '/accounts/me', { key });
    expect((await call(fake, 'GET', '/accounts/me', { key })).status).toBe(429);
    expect((await call(fake, 'GET', '/accounts/me')).status).toBe(200);
  });

  it('puts keyless requests in a per-client-address bucket at the free tier', async () => {
    const { fake } = freeTier();
    for (let i = 0; i < 30; i++) await call(fake, 'GET', '/accounts/me', { key: null, clientAddress: '10.0.0.1' });
    const limited = await call(fake, 'GET', '/accounts/me', { key: 'unknown', clientAddress: '10.0.0.1' });
    expect(limited.status).toBe(429);
    const other = await call(fake, 'GET', '/accounts/me', { key: null, clientAddress: '10.0.0.2' });
    expect(other.status).toBe(401);
    expect(other.headers.get('x-ratelimit-remaining')).toBe('29');
  });

  it('puts the headers on 404 responses too', async () => {
    const { fake } = freeTier();
    const res = await call(fake, 'GET', '/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-ratelimit-limit')).toBe('600');
  });
});
