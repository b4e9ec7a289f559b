import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hmacKey } from '../../../src/webhooks/verification/key-cache.js';

// The Web Crypto variant's key cache: one imported key per secret, reused, at most 32 per kind,
// the oldest forgotten first. The cache is module state shared by the tests of this file, so each
// test uses secrets of its own.
const body = new TextEncoder().encode('{"id":"evt_1"}');
const hex = (mac: ArrayBuffer) => Buffer.from(mac).toString('hex');
const signWith = async (key: string | Uint8Array) => hex(await crypto.subtle.sign('HMAC', await hmacKey(key), body));
const expected = (key: string | Uint8Array) => createHmac('sha256', key).update(body).digest('hex');

function countImports() {
  return vi.spyOn(crypto.subtle, 'importKey');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('hmacKey (the Web Crypto key cache)', () => {
  it('gives the same key object for the same secret, and another for another secret', async () => {
    const first = await hmacKey('same-a');
    expect(await hmacKey('same-a')).toBe(first);
    // Once imported, the key itself comes back, not a promise of it.
    expect(hmacKey('same-a')).toBe(first);
    expect(await hmacKey('same-b')).not.toBe(first);
    expect(first.extractable).toBe(false);
    expect(first.usages).toEqual(['sign']);
  });

  it('keys bytes by their content: a new buffer with the same bytes hits, a refilled buffer does not', async () => {
    const buffer = Uint8Array.from([1, 2, 3, 4]);
    const first = await hmacKey(buffer);
    expect(await hmacKey(Uint8Array.from([1, 2, 3, 4]))).toBe(first);
    buffer[3] = 5;
    const refilled = await hmacKey(buffer);
    expect(refilled).not.toBe(first);
    expect(await signWith(buffer)).toBe(expected(Uint8Array.from([1, 2, 3, 5])));
    expect(await signWith(Uint8Array.from([1, 2, 3, 4]))).toBe(expected(Uint8Array.from([1, 2, 3, 4])));
  });

  it('tells apart byte secrets that differ only far into a long key', async () => {
    for (const size of [4_096, 4_097, 10_000]) {
      const a = new Uint8Array(size).fill(7);
      const b = a.slice();
      b[size - 1] = 8;
      expect(await signWith(a)).toBe(expected(a));
      expect(await signWith(b)).toBe(expected(b));
      expect(await hmacKey(b)).not.toBe(await hmacKey(a));
    }
  });

  it('keeps strings and bytes apart: the string "é" is the UTF-8 key C3 A9, the byte E9 is not', async () => {
    const byte = Uint8Array.of(0xe9);
    const utf8 = Uint8Array.of(0xc3, 0xa9);
    expect(await signWith(byte)).toBe(expected(byte));
    expect(await signWith('é')).toBe(expected(utf8));
    expect(await signWith(byte)).toBe(expected(byte));
    expect(expected(byte)).not.toBe(expected(utf8));
  });

  it('imports a secret once, however many calls ask for it before and after the import ends', async () => {
    const importKey = countImports();
    const pending = [hmacKey('once-a'), hmacKey('once-a'), hmacKey('once-a')];
    expect(importKey).toHaveBeenCalledTimes(1);
    const keys = await Promise.all(pending);
    expect(new Set(keys).size).toBe(1);
    await hmacKey('once-a');
    expect(importKey).toHaveBeenCalledTimes(1);
  });

  it('keeps at most 32 secrets of a kind and forgets the oldest first', async () => {
    for (const [kind, make] of [
      ['string', (i: number) => `bound-${i}`],
      ['bytes', (i: number) => Uint8Array.of(0xb0, i)],
    ] as const) {
      for (let i = 0; i < 33; i++) await hmacKey(make(i));
      const importKey = countImports();
      for (let i = 1; i < 33; i++) await hmacKey(make(i));
      expect(importKey, `${kind}: the 32 newest are cached`).not.toHaveBeenCalled();
      await hmacKey(make(0));
      expect(importKey, `${kind}: the oldest was forgotten`).toHaveBeenCalledTimes(1);
      importKey.mockRestore();
    }
  });

  it('does not keep a key whose import ended after the cache had forgotten it', async () => {
    // 33 imports under way at once: the first is forgotten before its import ends.
    await Promise.all(Array.from({ length: 33 }, (_, i) => hmacKey(`late-${i}`)));
    const importKey = countImports();
    await hmacKey('late-0');
    expect(importKey).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed import, so the next call imports again', async () => {
    const importKey = countImports().mockImplementationOnce(() => Promise.reject(new Error('import failed')));
    await expect(hmacKey('fails-once')).rejects.toThrow('import failed');
    expect(await signWith('fails-once')).toBe(expected('fails-once'));
    expect(importKey).toHaveBeenCalledTimes(2);
  });
});
