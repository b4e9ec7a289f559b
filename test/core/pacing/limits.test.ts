// Bad `pacing` options are ConfigurationErrors at construction that name the fix: never a
// silently unlimited client.
import { describe, expect, it } from 'vitest';
import { resolvePacing } from '../../../src/core/pacing/limits.js';
import { ConfigurationError, CreditPlatform, type PacingOptions } from '../../../src/index.js';

const base = { apiKey: 'cp_test_key', baseUrl: 'https://api.credit.test/api/v1' };

function construct(pacing: unknown): Error | undefined {
  try {
    new CreditPlatform({ ...base, pacing: pacing as PacingOptions });
  } catch (error) {
    return error as Error;
  }
  return undefined;
}

describe('the pacing option', () => {
  it.each([
    ['an unknown tier', { tier: 'gold' }, /pacing\.tier.*'free', 'standard', 'premium'.*"gold"/],
    ['a tier in a list', { tier: ['free'] }, /pacing\.tier.*'free', 'standard', 'premium'/],
    ['a zero limit', { limits: [{ requests: 0, perMs: 1000 }] }, /limits\[0\]\.requests.*positive integer/],
    ['a negative window', { limits: [{ requests: 5, perMs: -1 }] }, /limits\[0\]\.perMs.*positive integer/],
    ['a fractional limit', { limits: [{ requests: 2.5, perMs: 1000 }] }, /requests.*positive integer.*2\.5/],
    ['a window given as text', { limits: [{ requests: 5, perMs: '1000' }] }, /perMs.*positive integer/],
    ['an empty limits list', { limits: [] }, /non-empty array/],
    ['one window not in a list', { limits: { requests: 5, perMs: 1000 } }, /non-empty array/],
    ['a window that is a number', { limits: [5] }, /limits\[0\]` must be an object/],
    ['neither tier nor limits', {}, /needs `tier`.*or `limits/],
    ['both tier and limits', { tier: 'free', limits: [{ requests: 1, perMs: 1 }] }, /either `tier` or `limits`/],
    ['a store missing its methods', { tier: 'free', store: { acquire() {} } }, /missing: settle, peek.*createRedisPacingStore/],
    ['not an object', 'standard', /must be an object/],
  ])('rejects %s', (_, pacing, message) => {
    const error = construct(pacing);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe('pacing');
    expect(error?.message).toMatch(message);
  });

  it('accepts each tier and custom limits', () => {
    for (const tier of ['free', 'standard', 'premium'] as const) expect(construct({ tier })).toBeUndefined();
    expect(construct({ limits: [{ requests: 20, perMs: 2_000 }] })).toBeUndefined();
  });

  it("a tier's windows are the spec's per-minute and per-day limits", async () => {
    const client = new CreditPlatform({ ...base, pacing: { tier: 'standard' } });
    const state = await client.pacingState();
    expect(state?.windows.map(({ requests, perMs }) => [requests, perMs])).toEqual([
      [120, 60_000],
      [10_000, 86_400_000],
    ]);
    const free = await new CreditPlatform({ ...base, pacing: { tier: 'free' } }).pacingState();
    expect(free?.windows.map((w) => w.requests)).toEqual([30, 1_000]);
    const premium = await new CreditPlatform({ ...base, pacing: { tier: 'premium' } }).pacingState();
    expect(premium?.windows.map((w) => w.requests)).toEqual([600, 100_000]);
  });
});

describe('the pacing option at its edges', () => {
  const resolved = (pacing: unknown) => resolvePacing(pacing as PacingOptions);

  it('takes a window from 1 ms to 7 days and a limit from 1 request up, as safe integers', () => {
    const week = 7 * 86_400_000;
    expect(resolved({ limits: [{ requests: 1, perMs: 1 }] })?.limits).toEqual([{ requests: 1, perMs: 1 }]);
    expect(resolved({ limits: [{ requests: 2 ** 53 - 1, perMs: week }] })?.limits).toEqual([
      { requests: 2 ** 53 - 1, perMs: week },
    ]);
    for (const limit of [
      { requests: 1, perMs: week + 1 },
      { requests: 1, perMs: 0 },
      { requests: 2 ** 53, perMs: 1 },
      { requests: 1, perMs: 1.5 },
      { requests: '1', perMs: 1 },
      { requests: 1 },
      null,
      5,
    ]) {
      expect(() => resolved({ limits: [{ requests: 1, perMs: 1 }, limit] }), JSON.stringify(limit)).toThrow(
        /`pacing\.limits\[1\]/,
      );
    }
    expect(() => resolved({ limits: [{ requests: 1, perMs: week + 1 }] })).toThrow(`at most ${week} (7 days); got ${week + 1}.`);
  });

  it('keeps every window given, in order, and the store given', () => {
    const store = { acquire() {}, settle() {}, peek() {} };
    const limits = [
      { requests: 5, perMs: 1_000 },
      { requests: 50, perMs: 60_000 },
    ];
    expect(resolved({ limits, store })).toEqual({ limits, store });
    expect(resolved({ tier: 'free' })).toEqual({
      limits: [
        { requests: 30, perMs: 60_000 },
        { requests: 1_000, perMs: 86_400_000 },
      ],
      store: undefined,
    });
    expect(resolved(undefined)).toBeUndefined();
  });

  it('a tier is one of the three names, not any key an object has', () => {
    for (const tier of ['toString', 'constructor', '__proto__', 'Free', 1]) {
      expect(() => resolved({ tier }), String(tier)).toThrow(/`pacing\.tier` must be one of/);
    }
  });

  it('names each store method that is missing, and takes no null store', () => {
    expect(() => resolved({ tier: 'free', store: {} })).toThrow(
      '`pacing.store` must have the methods acquire, settle, peek; missing: acquire, settle, peek.',
    );
    expect(() => resolved({ tier: 'free', store: { acquire() {}, settle: 1, peek() {} } })).toThrow('; missing: settle.');
    expect(() => resolved({ tier: 'free', store: null })).toThrow('; missing: acquire, settle, peek.');
    expect(() => resolved(null)).toThrow(/`pacing` must be an object/);
    expect(() => resolved({ limits: { requests: 1, perMs: 1 } })).toThrow(/non-empty array/);
  });
});
