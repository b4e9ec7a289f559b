// isThenable tells a pending answer from a plain one: only what has a callable `then` is awaited.
import { describe, expect, it } from 'vitest';
import { isThenable } from '../../src/utils/thenable.js';

describe('isThenable', () => {
  it('is true for a promise and for any object or function with a callable then', () => {
    const fn = Object.assign(() => undefined, { then: () => undefined });
    for (const value of [Promise.resolve(1), { then: () => undefined }, fn]) expect(isThenable(value)).toBe(true);
  });

  it('is false for plain answers, null and undefined included, and for a then that is not callable', () => {
    for (const value of [null, undefined, 'claimed', 0, false, {}, { then: 'later' }, { then: null }]) {
      expect(isThenable(value)).toBe(false);
    }
  });
});
