// concatBytes joins the chunks a body arrived in (the Node webhook handler, the transport, the
// size-limited reader): the bytes in order whatever the split, and a lone chunk without a copy.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { concatBytes } from '../../src/utils/bytes.js';

const chunks = fc.array(fc.uint8Array({ maxLength: 8 }), { maxLength: 6 });

describe('concatBytes', () => {
  it('gives the bytes of every chunk in order, however the body was split', () => {
    fc.assert(
      fc.property(chunks, (parts) => {
        const size = parts.reduce((sum, part) => sum + part.byteLength, 0);
        const joined = concatBytes(parts, size);
        expect(joined).toBeInstanceOf(Uint8Array);
        expect([...joined]).toEqual(parts.flatMap((part) => [...part]));
      }),
    );
  });

  it('hands back a lone chunk itself, without copying it', () => {
    const only = new Uint8Array([1, 2, 3]);
    expect(concatBytes([only], 3)).toBe(only);
    const empty = new Uint8Array(0);
    expect(concatBytes([empty], 0)).toBe(empty);
  });

  it('copies when there are several chunks: the result shares no buffer with them', () => {
    const first = new Uint8Array([1, 2]);
    const joined = concatBytes([first, new Uint8Array([3])], 3);
    expect([...joined]).toEqual([1, 2, 3]);
    first[0] = 9;
    expect(joined[0]).toBe(1);
  });

  it('joins no chunks into zero bytes', () => {
    expect(concatBytes([], 0)).toEqual(new Uint8Array(0));
  });
});
