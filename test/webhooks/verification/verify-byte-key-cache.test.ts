import { createHmac, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { verifyWebhookSignature } from '../../../src/webhooks/index.js';

// verifyWebhookSignature keeps a KeyObject per byte secret of up to 64 bytes, keyed by the bytes'
// content (at most 32, apart from the string secrets): the same bytes in another buffer must reuse
// it, new bytes in the same buffer must not, and a byte secret must never be verified with the
// key of a string secret that merely looks alike. Each test uses secrets of its own, since the
// cache outlives a test.
const body = '{"id":"evt_1","type":"score.updated","timestamp":"2026-01-01T00:00:00Z","data":{}}';
const sign = (secret: string | Uint8Array) => createHmac('sha256', secret).update(body).digest('hex');
// The very object the verifier loads through process.getBuiltinModule, so the spies see its calls.
const nodeCrypto = process.getBuiltinModule('node:crypto');

let createSecretKey: MockInstance<typeof nodeCrypto.createSecretKey>;
beforeEach(() => {
  createSecretKey = vi.spyOn(nodeCrypto, 'createSecretKey');
});
afterEach(() => {
  createSecretKey.mockRestore();
});

describe('verifyWebhookSignature with byte secrets', () => {
  it('the same bytes in another Buffer, Uint8Array or ArrayBuffer reuse one KeyObject', () => {
    const secret = randomBytes(32);
    const header = sign(secret);
    const copies = [
      secret,
      Buffer.from(secret),
      new Uint8Array(secret),
      new Uint8Array(secret).buffer,
      // A view into the middle of a larger buffer: only the view's bytes are the secret.
      Buffer.concat([Buffer.from('xx'), secret, Buffer.from('yy')]).subarray(2, 34),
    ];
    for (const copy of copies) expect(verifyWebhookSignature(body, header, copy)).toBe(true);
    expect(createSecretKey).toHaveBeenCalledTimes(1);
    expect(verifyWebhookSignature(body, header, randomBytes(32))).toBe(false);
  });

  it('a buffer refilled with another secret is keyed by its new content, not by the old key', () => {
    const first = randomBytes(32);
    const second = randomBytes(32);
    const buffer = Buffer.from(first);
    expect(verifyWebhookSignature(body, sign(first), buffer)).toBe(true);
    second.copy(buffer);
    expect(verifyWebhookSignature(body, sign(second), buffer)).toBe(true);
    expect(verifyWebhookSignature(body, sign(first), buffer)).toBe(false);
    first.copy(buffer);
    expect(verifyWebhookSignature(body, sign(first), buffer)).toBe(true);
    expect(verifyWebhookSignature(body, sign(second), buffer)).toBe(false);
    expect(createSecretKey).toHaveBeenCalledTimes(2);
  });

  it('a string secret and bytes with the same char codes are different keys, in either order', () => {
    // The string 'é±' is the UTF-8 key C3 A9 C2 B1; the bytes E9 B1 are another key, although
    // their content id has the very chars of the string.
    for (const bytesFirst of [false, true]) {
      const text = `whsec_é±_${bytesFirst}`;
      const bytes = Buffer.from(text, 'latin1');
      const checks = [
        () => {
          expect(verifyWebhookSignature(body, sign(text), text)).toBe(true);
          expect(verifyWebhookSignature(body, sign(bytes), text)).toBe(false);
        },
        () => {
          expect(verifyWebhookSignature(body, sign(bytes), bytes)).toBe(true);
          expect(verifyWebhookSignature(body, sign(text), bytes)).toBe(false);
        },
      ];
      for (const check of bytesFirst ? checks.reverse() : checks) check();
      // The UTF-8 bytes of the string are the same key as the string.
      expect(verifyWebhookSignature(body, sign(text), new TextEncoder().encode(text))).toBe(true);
    }
  });

  it('rotation: a list mixing strings and bytes tries every secret, wherever the match is', () => {
    const createHmacSpy = vi.spyOn(nodeCrypto, 'createHmac');
    try {
      const bytes = randomBytes(32);
      const buffer = new Uint8Array(randomBytes(48)).buffer;
      const secrets = ['whsec_rotation_text', bytes, buffer] as const;
      for (const match of [...secrets, 'whsec_none']) {
        createHmacSpy.mockClear();
        const header = sign(typeof match === 'string' || match instanceof Uint8Array ? match : new Uint8Array(match));
        expect(verifyWebhookSignature(body, header, secrets)).toBe(match !== 'whsec_none');
        expect(verifyWebhookSignature(body, header, [...secrets].reverse())).toBe(match !== 'whsec_none');
        expect(createHmacSpy).toHaveBeenCalledTimes(6);
      }
    } finally {
      createHmacSpy.mockRestore();
    }
  });

  it('caches secrets up to 64 bytes; a longer one is used as it is and still verifies', () => {
    for (const size of [1, 64]) {
      const secret = randomBytes(size);
      createSecretKey.mockClear();
      expect(verifyWebhookSignature(body, sign(secret), secret)).toBe(true);
      expect(verifyWebhookSignature(body, sign(secret), Buffer.from(secret))).toBe(true);
      expect(createSecretKey).toHaveBeenCalledTimes(1);
    }
    for (const size of [65, 1 << 20]) {
      const secret = randomBytes(size);
      createSecretKey.mockClear();
      expect(verifyWebhookSignature(body, sign(secret), secret)).toBe(true);
      expect(verifyWebhookSignature(body, sign(secret), new Uint8Array(secret).buffer)).toBe(true);
      expect(verifyWebhookSignature(body, sign(randomBytes(size)), secret)).toBe(false);
      expect(createSecretKey).not.toHaveBeenCalled();
    }
  });

  it('keeps at most 32 byte secrets: a 33rd starts the cache afresh, and every secret still verifies', async () => {
    // A fresh copy of the module, so the cache starts empty and the counts are exact.
    vi.resetModules();
    const fresh = (await import('../../../src/webhooks/verification/verify-node.js')).verifyWebhookSignature;
    const secrets = Array.from({ length: 33 }, () => randomBytes(32));
    const verifyAll = (list: Buffer[]) => {
      for (const secret of list) {
        expect(fresh(body, sign(secret), Buffer.from(secret))).toBe(true);
        expect(fresh(body, sign(randomBytes(32)), secret)).toBe(false);
      }
    };
    verifyAll(secrets.slice(0, 32));
    verifyAll(secrets.slice(0, 32));
    expect(createSecretKey).toHaveBeenCalledTimes(32);
    verifyAll(secrets.slice(32));
    expect(createSecretKey).toHaveBeenCalledTimes(33);
    verifyAll(secrets.slice(0, 1));
    expect(createSecretKey).toHaveBeenCalledTimes(34);
  });
});
