import { describe, expect, it } from 'vitest';
import { readErrorItems } from '../../src/errors/error-item.js';

// The service's `errors` array arrives from the network: what is read must be the items it can
// describe, and nothing it cannot.
describe('readErrorItems', () => {
  it('reads each item with a message: field (or "" without one), message, and code when it is text', () => {
    expect(
      readErrorItems([
        { field: 'amount', message: 'must be positive', code: 'INVALID_AMOUNT' },
        { message: 'no field here' },
        { field: 7, message: 'field not text', code: 9 },
      ]),
    ).toEqual([
      { field: 'amount', message: 'must be positive', code: 'INVALID_AMOUNT' },
      { field: '', message: 'no field here' },
      { field: '', message: 'field not text' },
    ]);
    expect(readErrorItems([{ field: 'a', message: 'm' }])[0]).not.toHaveProperty('code');
  });

  it('skips entries that are not objects or have no text message, and reads anything but an array as none', () => {
    expect(
      readErrorItems([null, 'text', 3, [], { field: 'a' }, { field: 'b', message: 5 }, { field: 'c', message: 'kept' }]),
    ).toEqual([{ field: 'c', message: 'kept' }]);
    for (const value of [undefined, null, 'errors', { 0: { message: 'm' }, length: 1 }, 5])
      expect(readErrorItems(value)).toEqual([]);
  });
});
