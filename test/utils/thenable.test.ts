// isThenable tells a pending answer from a plain one: only what has a callable `then` is awaited.
import { describe, expect, it } from 'vitest';
import { isThenable } from '../../src/utils/thenable.js';

/** `target` with a `then` field of the given value: a thenable when the value is a function. */
function withThen<T extends object>(target: T, then: unknown): T {
  return Object.defineProperty(target, 'then', { value: then, enumerable: true });
}

describe('isThenable', () => {
  it('is true for a promise and for any object or function with a callable then', () => {
    const values = [
      Promise.resolve(1),
      withThen({}, () => undefined),
      withThen(
        () => undefined,
        () => undefined,
      ),
    ];
    for (const value of values) expect(isThenable(value)).toBe(true);
  });

  it('is false for plain answers, null and undefined included, and for a then that is not callable', () => {
    for (const value of [null, undefined, 'claimed', 0, false, {}, withThen({}, 'later'), withThen({}, null)]) {
      expect(isThenable(value)).toBe(false);
    }
  });
});
