// The verifiers' HMAC (createHmac with a KeyObject cached per secret) must be HMAC-SHA256 exactly,
// for every kind and length of key and body, whatever the cache holds: checked against createHmac
// handed the key as it is.
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { hmacHex } from '../../../src/webhooks/verification/verify-node.js';

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

describe('hmacHex', () => {
  it('is HMAC-SHA256 for any key (string, bytes, ArrayBuffer; shorter and longer than the 64-byte block) and any body', () => {
    fc.assert(
      fc.property(keys, bodies, (key, body) => {
        expect(hmacHex(node, body, key)).toBe(reference(body, key));
      }),
      { numRuns: 2_000 },
    );
  });

  it.each([0, 1, 16_320, 16_321, 100_000])('is HMAC-SHA256 for a body of %d bytes, called twice', (size) => {
    const body = new Uint8Array(size).map((_, i) => (i * 7) & 0xff);
    for (const key of ['whsec_sizes', new Uint8Array([1, 2, 3])]) {
      expect(hmacHex(node, body, key)).toBe(reference(body, key));
      expect(hmacHex(node, body, key)).toBe(reference(body, key));
    }
  });

  it('keys at 64 bytes as they are and at 65 by their hash, as HMAC does', () => {
    for (const length of [63, 64, 65]) {
      const key = 'k'.repeat(length);
      expect(hmacHex(node, 'body', key)).toBe(reference('body', key));
      expect(hmacHex(node, 'body', new TextEncoder().encode(key))).toBe(reference('body', key));
    }
  });

  it('tells apart a string and bytes with the same char codes, and a refilled buffer', () => {
    const text = 'whsec_é±';
    const bytes = Buffer.from(text, 'latin1');
    expect(hmacHex(node, 'x', text)).toBe(reference('x', text));
    expect(hmacHex(node, 'x', bytes)).toBe(reference('x', bytes));
    expect(hmacHex(node, 'x', bytes)).not.toBe(hmacHex(node, 'x', text));
    const buffer = Buffer.from('first-secret');
    const first = hmacHex(node, 'x', buffer);
    Buffer.from('other-secret').copy(buffer);
    expect(hmacHex(node, 'x', buffer)).toBe(reference('x', 'other-secret'));
    expect(hmacHex(node, 'x', buffer)).not.toBe(first);
  });

  it('every one of 70 string secrets still computes right after the 33rd, twice round', () => {
    const secrets = Array.from({ length: 70 }, (_, i) => `whsec_many_${i}`);
    for (let round = 0; round < 2; round++) {
      for (const secret of secrets) expect(hmacHex(node, 'body', secret)).toBe(reference('body', secret));
    }
  });
});

describe('hmacHex key cache of string secrets', () => {
  // A fresh copy of the module, so that its map of secrets starts empty and the counts are exact.
  let fresh: typeof hmacHex;
  let createSecretKey: MockInstance<typeof node.createSecretKey>;
  beforeEach(async () => {
    vi.resetModules();
    fresh = (await import('../../../src/webhooks/verification/verify-node.js')).hmacHex;
    createSecretKey = vi.spyOn(node, 'createSecretKey');
  });
  afterEach(() => createSecretKey.mockRestore());

  it('makes the KeyObject of a string secret once', () => {
    for (let i = 0; i < 3; i++) {
      expect(fresh(node, 'body', 'whsec_once_a')).toBe(reference('body', 'whsec_once_a'));
      expect(fresh(node, 'body', 'whsec_once_b')).toBe(reference('body', 'whsec_once_b'));
    }
    expect(createSecretKey).toHaveBeenCalledTimes(2);
  });

  it('caches a string secret of any length, bytes only up to 64', () => {
    const long = `whsec_${'k'.repeat(200)}`;
    for (let i = 0; i < 3; i++) expect(fresh(node, 'body', long)).toBe(reference('body', long));
    expect(createSecretKey).toHaveBeenCalledTimes(1);
    const longBytes = new Uint8Array(65).fill(7);
    for (let i = 0; i < 3; i++) expect(fresh(node, 'body', longBytes)).toBe(reference('body', longBytes));
    expect(createSecretKey).toHaveBeenCalledTimes(1);
  });

  it('keeps at most 32 string secrets: the 33rd starts the map afresh', () => {
    const secrets = Array.from({ length: 33 }, (_, i) => `whsec_cap_${i}`);
    for (const secret of secrets.slice(0, 32)) fresh(node, 'body', secret);
    fresh(node, 'body', secrets[0]!);
    expect(createSecretKey).toHaveBeenCalledTimes(32);
    fresh(node, 'body', secrets[32]!);
    expect(createSecretKey).toHaveBeenCalledTimes(33);
    // The map now holds the 33rd alone: the first is made again, the 33rd is not.
    fresh(node, 'body', secrets[32]!);
    expect(fresh(node, 'body', secrets[0]!)).toBe(reference('body', secrets[0]!));
    expect(createSecretKey).toHaveBeenCalledTimes(34);
  });
});
