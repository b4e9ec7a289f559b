// Bad `pacing` options are ConfigurationErrors at construction that name the fix: never a
// silently unlimited client.
import { describe, expect, it } from 'vitest';
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
    ['a zero limit', { limits: [{ requests: 0, perMs: 1000 }] }, /limits\[0\]\.requests.*positive integer/],
    ['a negative window', { limits: [{ requests: 5, perMs: -1 }] }, /limits\[0\]\.perMs.*positive integer/],
    ['a fractional limit', { limits: [{ requests: 2.5, perMs: 1000 }] }, /requests.*positive integer.*2\.5/],
    ['a window given as text', { limits: [{ requests: 5, perMs: '1000' }] }, /perMs.*positive integer/],
    ['an empty limits list', { limits: [] }, /non-empty array/],
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
