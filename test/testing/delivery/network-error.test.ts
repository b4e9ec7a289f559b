import { describe, expect, it } from 'vitest';
import { networkErrorText } from '../../../src/testing/delivery/network-error.js';

describe('networkErrorText', () => {
  it("adds the reason fetch keeps in its cause: the code first, else the cause's message", () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3000'), { code: 'ECONNREFUSED' });
    expect(networkErrorText(new TypeError('fetch failed', { cause: refused }))).toBe('TypeError: fetch failed (ECONNREFUSED)');
    expect(networkErrorText(new TypeError('fetch failed', { cause: new Error('bad port') }))).toBe(
      'TypeError: fetch failed (bad port)',
    );
    // A code that is not a string is no reason to show; the message still is.
    expect(networkErrorText(new TypeError('fetch failed', { cause: { code: 61, message: 'refused' } }))).toBe(
      'TypeError: fetch failed (refused)',
    );
  });

  it('is the error alone when its cause gives no reason', () => {
    expect(networkErrorText(new RangeError('out of range'))).toBe('RangeError: out of range');
    expect(networkErrorText(new TypeError('fetch failed', { cause: { code: 61, message: 42 } }))).toBe('TypeError: fetch failed');
    expect(networkErrorText(new TypeError('fetch failed', { cause: 'a string' }))).toBe('TypeError: fetch failed');
    expect(networkErrorText(new TypeError('fetch failed', { cause: null }))).toBe('TypeError: fetch failed');
  });

  it('says only that the transport failed for a thrown value that is not an Error', () => {
    for (const thrown of [
      'fetch failed',
      { name: 'TypeError', message: 'x', cause: { code: 'ECONNRESET' } },
      undefined,
      null,
      7,
    ]) {
      expect(networkErrorText(thrown)).toBe('transport failed');
    }
  });
});
