import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  signWebhookPayload,
  signWebhookPayloadAsync,
  verifyWebhookSignature,
  verifyWebhookSignatureAsync,
} from '../../../src/webhooks/index.js';

const hex = (value: string) => Uint8Array.from(Buffer.from(value, 'hex'));
const repeat = (byte: number, n: number) => new Uint8Array(n).fill(byte);

// RFC 4231, HMAC-SHA256 (case 5 truncates the output, so it does not apply).
const VECTORS = [
  {
    name: 'case 1',
    key: repeat(0x0b, 20),
    data: hex('4869205468657265'),
    mac: 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
  },
  {
    name: 'case 2',
    key: hex('4a656665'),
    data: hex('7768617420646f2079612077616e7420666f72206e6f7468696e673f'),
    mac: '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
  },
  {
    name: 'case 3',
    key: repeat(0xaa, 20),
    data: repeat(0xdd, 50),
    mac: '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe',
  },
  {
    name: 'case 4',
    key: Uint8Array.from({ length: 25 }, (_, i) => i + 1),
    data: repeat(0xcd, 50),
    mac: '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
  },
  {
    name: 'case 6',
    key: repeat(0xaa, 131),
    data: new TextEncoder().encode('Test Using Larger Than Block-Size Key - Hash Key First'),
    mac: '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
  },
];

describe('RFC 4231 vectors', () => {
  it.each(VECTORS)('$name verifies and signs on both variants', async ({ key, data, mac }) => {
    expect(verifyWebhookSignature(data, mac, key)).toBe(true);
    expect(await verifyWebhookSignatureAsync(data, mac, key)).toBe(true);
    expect(verifyWebhookSignature(data.slice().buffer, mac, key.slice().buffer)).toBe(true);
    expect(await verifyWebhookSignatureAsync(data.slice().buffer, mac, key.slice().buffer)).toBe(true);
    expect(signWebhookPayload(data, key)).toBe(mac);
    expect(await signWebhookPayloadAsync(data, key)).toBe(mac);
  });

  it('case 2 also verifies with the key and data as strings', async () => {
    const mac = VECTORS[1]!.mac;
    expect(verifyWebhookSignature('what do ya want for nothing?', mac, 'Jefe')).toBe(true);
    expect(await verifyWebhookSignatureAsync('what do ya want for nothing?', mac, 'Jefe')).toBe(true);
  });
});

describe('exact bytes', () => {
  it('honours the byteOffset of a view into a larger buffer', async () => {
    const body = new TextEncoder().encode('{"id":"evt_1"}');
    const backing = new Uint8Array(body.length + 16).fill(0x41);
    backing.set(body, 7);
    const view = backing.subarray(7, 7 + body.length);
    const mac = signWebhookPayload(body, 'k');
    expect(signWebhookPayload(view, 'k')).toBe(mac);
    expect(verifyWebhookSignature(view, mac, 'k')).toBe(true);
    expect(await verifyWebhookSignatureAsync(view, mac, 'k')).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(view), mac, 'k')).toBe(true);
  });

  it('encodes a lone surrogate as U+FFFD, like TextEncoder', async () => {
    const text = 'a\uD800b';
    const mac = createHmac('sha256', 'k').update(new TextEncoder().encode(text)).digest('hex');
    expect(signWebhookPayload(text, 'k')).toBe(mac);
    expect(await signWebhookPayloadAsync(text, 'k')).toBe(mac);
    expect(verifyWebhookSignature('a\uFFFDb', mac, 'k')).toBe(true);
  });

  it('does not strip a BOM or trim the payload', async () => {
    const mac = signWebhookPayload('{"a":1}', 'k');
    for (const altered of ['\uFEFF{"a":1}', ' {"a":1}', '{"a":1}\n', '{"a": 1}']) {
      expect(verifyWebhookSignature(altered, mac, 'k')).toBe(false);
      expect(await verifyWebhookSignatureAsync(altered, mac, 'k')).toBe(false);
    }
  });

  it('hashes a view of a SharedArrayBuffer the same on both variants', async () => {
    const shared = new Uint8Array(new SharedArrayBuffer(5));
    shared.set(new TextEncoder().encode('hello'));
    const mac = signWebhookPayload('hello', 'k');
    expect(verifyWebhookSignature(shared, mac, 'k')).toBe(true);
    expect(await verifyWebhookSignatureAsync(shared, mac, 'k')).toBe(true);
  });
});

describe('key rotation', () => {
  it('verifies when any listed secret matches, in any position', async () => {
    const mac = signWebhookPayload('body', 'new');
    for (const secrets of [
      ['new', 'old'],
      ['old', 'new'],
      ['a', 'b', 'new'],
    ]) {
      expect(verifyWebhookSignature('body', mac, secrets)).toBe(true);
      expect(await verifyWebhookSignatureAsync('body', mac, secrets)).toBe(true);
    }
    expect(verifyWebhookSignature('body', mac, ['old', 'older'])).toBe(false);
    expect(await verifyWebhookSignatureAsync('body', mac, ['old', 'older'])).toBe(false);
  });

  it('accepts bytes and strings mixed in one list', async () => {
    const mac = signWebhookPayload('body', new TextEncoder().encode('bytes-key'));
    expect(verifyWebhookSignature('body', mac, ['other', new TextEncoder().encode('bytes-key').buffer])).toBe(true);
    expect(await verifyWebhookSignatureAsync('body', mac, ['other', new TextEncoder().encode('bytes-key').buffer])).toBe(true);
  });

  it('keys the imported-key cache by content, so a reused buffer with new bytes is not confused', async () => {
    const key = new TextEncoder().encode('first-key');
    const mac1 = signWebhookPayload('body', key);
    expect(await verifyWebhookSignatureAsync('body', mac1, key)).toBe(true);
    key.set(new TextEncoder().encode('other-key'));
    expect(await verifyWebhookSignatureAsync('body', mac1, key)).toBe(false);
    expect(await verifyWebhookSignatureAsync('body', signWebhookPayload('body', key), key)).toBe(true);
  });
});
