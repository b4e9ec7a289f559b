// The one-shot HMAC of constructWebhookEvent and the Node receiver must be HMAC-SHA256 exactly, for
// every kind and length of key and body: checked against createHmac.
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { oneShotHmacHex } from '../../../src/webhooks/verification/one-shot-hmac.js';

const node = process.getBuiltinModule('node:crypto');
const reference = (data: string | Uint8Array, key: string | Uint8Array | ArrayBuffer) =>
  createHmac('sha256', key instanceof ArrayBuffer ? new Uint8Array(key) : key)
    .update(data)
    .digest('hex');

const keys = fc.oneof(
  fc.string({ minLength: 1, maxLength: 140, unit: 'grapheme' }),
  fc.uint8Array({ minLength: 1, maxLength: 140 }),
  fc.uint8Array({ minLength: 1, maxLength: 140 }).map((bytes) => bytes.slice().buffer),
);
const bodies = fc.oneof(fc.string({ maxLength: 300, unit: 'grapheme' }), fc.uint8Array({ maxLength: 300 }));

// A fresh copy of the module, so that its map of secrets starts empty and the counts are exact; the
// spy counts the secrets it pads (the bodies given as bytes are not encoded).
let encode: MockInstance<TextEncoder['encode']>;
async function freshModule() {
  vi.resetModules();
  const fresh = (await import('../../../src/webhooks/verification/one-shot-hmac.js')).oneShotHmacHex;
  encode = vi.spyOn(TextEncoder.prototype, 'encode');
  return fresh;
}
afterEach(() => encode?.mockRestore());

describe('oneShotHmacHex', () => {
  it('is HMAC-SHA256 for any key (string, bytes, ArrayBuffer; shorter and longer than the 64-byte block) and any body', () => {
    fc.assert(
      fc.property(keys, bodies, (key, body) => {
        expect(oneShotHmacHex(node, body, key)).toBe(reference(body, key));
      }),
      { numRuns: 2_000 },
    );
  });

  it.each([
    [0, 0],
    [1, 0],
    [16_320, 0],
    [16_321, 1],
    [100_000, 1],
  ])('is HMAC-SHA256 for a body of %d bytes; past the 16 KiB scratch buffer on createHmac (%d call)', (size, calls) => {
    const body = new Uint8Array(size).map((_, i) => (i * 7) & 0xff);
    const createHmac = vi.fn(node.createHmac);
    const spied = { ...node, createHmac } as typeof node;
    for (const key of ['whsec_scratch', new Uint8Array([1, 2, 3])]) {
      expect(oneShotHmacHex(spied, body, key)).toBe(reference(body, key));
      // Twice: what the first call left in the shared buffers must not change the second.
      expect(oneShotHmacHex(spied, body, key)).toBe(reference(body, key));
    }
    expect(createHmac).toHaveBeenCalledTimes(4 * calls);
  });

  it('keys at 64 bytes as they are and at 65 by their hash, as HMAC does', () => {
    for (const length of [63, 64, 65]) {
      const key = 'k'.repeat(length);
      expect(oneShotHmacHex(node, 'body', key)).toBe(reference('body', key));
      expect(oneShotHmacHex(node, 'body', new TextEncoder().encode(key))).toBe(reference('body', key));
    }
  });

  it('tells apart a string and bytes with the same char codes, and a refilled buffer', () => {
    const text = 'whsec_é±';
    const bytes = Buffer.from(text, 'latin1');
    expect(oneShotHmacHex(node, 'x', text)).toBe(reference('x', text));
    expect(oneShotHmacHex(node, 'x', bytes)).toBe(reference('x', bytes));
    expect(oneShotHmacHex(node, 'x', bytes)).not.toBe(oneShotHmacHex(node, 'x', text));
    const buffer = Buffer.from('first-secret');
    const first = oneShotHmacHex(node, 'x', buffer);
    Buffer.from('other-secret').copy(buffer);
    expect(oneShotHmacHex(node, 'x', buffer)).toBe(reference('x', 'other-secret'));
    expect(oneShotHmacHex(node, 'x', buffer)).not.toBe(first);
  });

  it('keeps at most 32 string secrets, and every secret still verifies after the 33rd', () => {
    const secrets = Array.from({ length: 70 }, (_, i) => `whsec_many_${i}`);
    for (let round = 0; round < 2; round++) {
      for (const secret of secrets) expect(oneShotHmacHex(node, 'body', secret)).toBe(reference('body', secret));
    }
  });

  it('builds the padded keys of a string secret once, and of bytes on every call', async () => {
    const fresh = await freshModule();
    const bytes = new Uint8Array([9, 9, 9]);
    for (let i = 0; i < 3; i++) {
      fresh(node, bytes, 'whsec_once_a');
      fresh(node, bytes, 'whsec_once_b');
    }
    expect(encode).toHaveBeenCalledTimes(2);
  });

  it('keeps at most 32 string secrets: the 33rd starts the map afresh', async () => {
    const fresh = await freshModule();
    const bytes = new Uint8Array([7]);
    const secrets = Array.from({ length: 33 }, (_, i) => `whsec_cap_${i}`);
    for (const secret of secrets.slice(0, 32)) fresh(node, bytes, secret);
    fresh(node, bytes, secrets[0]!);
    expect(encode).toHaveBeenCalledTimes(32);
    fresh(node, bytes, secrets[32]!);
    expect(encode).toHaveBeenCalledTimes(33);
    // The map now holds the 33rd alone: the first is padded again, the 33rd is not.
    fresh(node, bytes, secrets[32]!);
    fresh(node, bytes, secrets[0]!);
    expect(encode).toHaveBeenCalledTimes(34);
  });

  it('falls back to createHmac on a node:crypto without the one-shot hash', () => {
    const createHmac = vi.fn(node.createHmac);
    const withoutHash = { ...node, hash: undefined, createHmac } as unknown as typeof node;
    expect(oneShotHmacHex(withoutHash, 'body', 'whsec_fallback')).toBe(reference('body', 'whsec_fallback'));
    expect(createHmac).toHaveBeenCalledTimes(1);
  });
});
