// The argument checks both verifiers share: what they accept, and the TypeError that names what
// was passed (never its value) and how to fix the call.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  checkPayload,
  checkSecret,
  checkSignatureType,
  keyMaterial,
  secretHasEdgeWhitespace,
  secretKeys,
} from '../../src/webhooks/inputs.js';
import { signWebhookPayload, verifyWebhookSignature, verifyWebhookSignatureAsync } from '../../src/webhooks/index.js';

const messageOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return (error as Error).message;
  }
  throw new Error('no TypeError');
};

describe('checkPayload', () => {
  it('returns a string or a Uint8Array as it is, and an ArrayBuffer as a view of its bytes (no copy)', () => {
    const bytes = Uint8Array.of(1, 2, 3);
    expect(checkPayload('{}', 'f')).toBe('{}');
    expect(checkPayload('', 'f')).toBe('');
    expect(checkPayload(bytes, 'f')).toBe(bytes);
    const view = checkPayload(bytes.buffer, 'f') as Uint8Array;
    expect(view).toBeInstanceOf(Uint8Array);
    expect(view.buffer).toBe(bytes.buffer);
    expect([...view]).toEqual([1, 2, 3]);
  });

  it('accepts bytes and buffers from another realm', () => {
    const foreignBytes = runInNewContext('new Uint8Array([7, 8])') as Uint8Array;
    const foreignBuffer = runInNewContext('new Uint8Array([9]).buffer') as ArrayBuffer;
    expect(foreignBytes instanceof Uint8Array).toBe(false);
    expect(foreignBuffer instanceof ArrayBuffer).toBe(false);
    expect(checkPayload(foreignBytes, 'f')).toBe(foreignBytes);
    expect([...(checkPayload(foreignBuffer, 'f') as Uint8Array)]).toEqual([9]);
  });

  it('names what it got, never its value', () => {
    class Envelope {
      readonly id = 'evt_secretive';
    }
    const anonymous = new (class {})();
    expect(messageOf(() => checkPayload(new Envelope(), 'f'))).toMatch(
      /^f: payload .*; got a Envelope object: pass the raw body/,
    );
    expect(messageOf(() => checkPayload(anonymous, 'f'))).toMatch(/got a plain object/);
    expect(messageOf(() => checkPayload(Object.create(null), 'f'))).toMatch(/got a plain object/);
    expect(messageOf(() => checkPayload({ constructor: { name: 7 } }, 'f'))).toMatch(/got a plain object/);
    expect(messageOf(() => checkPayload(true, 'f'))).toMatch(/got boolean/);
    expect(messageOf(() => checkPayload(new Envelope(), 'f'))).not.toContain('evt_secretive');
    expect(messageOf(() => checkPayload(JSON.parse('{"then":"not a function"}'), 'f'))).toMatch(/raw body, not parsed JSON/);
    expect(messageOf(() => checkPayload({ arrayBuffer: 1 }, 'f'))).toMatch(/raw body, not parsed JSON/);
  });
});

describe('checkSecret', () => {
  it('accepts a non-empty key of each kind, and a non-empty list of them where lists are allowed', () => {
    for (const key of ['k', Uint8Array.of(0), Uint8Array.of(0).buffer]) {
      expect(() => checkSecret(key, 'f')).not.toThrow();
      expect(() => checkSecret(key, 'f', false)).not.toThrow();
      expect(() => checkSecret([key, 'other'], 'f')).not.toThrow();
    }
  });

  it('refuses a list where only one secret is allowed, saying so', () => {
    const message = messageOf(() => checkSecret(['k'], 'sign', false));
    expect(message).toMatch(/^sign: secret must be a non-empty string, Uint8Array or ArrayBuffer; got an array\.$/);
    expect(messageOf(() => checkSecret('', 'verify'))).toMatch(/ArrayBuffer, or a non-empty list of them; got an empty string\./);
  });

  it('names the bad member of a list', () => {
    expect(messageOf(() => checkSecret(['k', new ArrayBuffer(0)], 'f'))).toMatch(/got a list holding empty bytes\.$/);
    expect(messageOf(() => checkSecret(['k', 5], 'f'))).toMatch(/got a list holding number\.$/);
    expect(messageOf(() => checkSecret([new Uint8Array(0), 'k'], 'f'))).toMatch(/got a list holding empty bytes\.$/);
    expect(messageOf(() => checkSecret(['k', null], 'f'))).toMatch(/got a list holding null\.$/);
  });

  it('asks whether the environment variable is set only for a missing or empty secret', () => {
    const hint = /Is the environment variable holding the secret set\?$/;
    expect(messageOf(() => checkSecret(undefined, 'f'))).toMatch(hint);
    expect(messageOf(() => checkSecret('', 'f'))).toMatch(hint);
    expect(messageOf(() => checkSecret(['k', undefined], 'f'))).toMatch(hint);
    // An empty list, as an unset variable split on commas gives.
    expect(messageOf(() => checkSecret([], 'f'))).toMatch(hint);
    expect(messageOf(() => checkSecret(null, 'f'))).not.toMatch(hint);
    expect(messageOf(() => checkSecret(new Uint8Array(0), 'f'))).not.toMatch(hint);
    expect(messageOf(() => checkSecret(['k', null], 'f'))).not.toMatch(hint);
  });
});

describe('checkSignatureType', () => {
  it('lets through what a request can produce, and refuses anything else', () => {
    for (const header of [undefined, null, '', 'x', [], ['a', 'b']]) expect(() => checkSignatureType(header, 'f')).not.toThrow();
    for (const header of [0, false, {}, ['a', 1], [undefined]]) {
      expect(messageOf(() => checkSignatureType(header, 'f'))).toMatch(/^f: signature must be the header value/);
    }
  });
});

describe('keyMaterial and secretKeys', () => {
  it('pass strings and bytes as they are, and view an ArrayBuffer as bytes', () => {
    const bytes = Uint8Array.of(1, 2);
    expect(keyMaterial('k')).toBe('k');
    expect(keyMaterial(bytes)).toBe(bytes);
    expect(keyMaterial(bytes.buffer)).toEqual(bytes);
    expect(secretKeys('k')).toEqual(['k']);
    expect(secretKeys(['k', bytes.buffer])).toEqual(['k', bytes]);
  });

  it('verify with an ArrayBuffer secret alone or in a list, on both verifiers', async () => {
    const body = '{"id":"evt_1"}';
    const key = new TextEncoder().encode('whsec_buffer');
    const signature = signWebhookPayload(body, key.buffer);
    expect(signature).toBe(signWebhookPayload(body, 'whsec_buffer'));
    for (const secret of [key.buffer, ['other', key.buffer]]) {
      expect(verifyWebhookSignature(body, signature, secret)).toBe(true);
      expect(await verifyWebhookSignatureAsync(body, signature, secret)).toBe(true);
    }
  });
});

describe('secretHasEdgeWhitespace', () => {
  it('is true exactly when a string secret starts or ends with whitespace', () => {
    for (const secret of [' k', 'k ', '\tk', 'k\n', '\u00a0k', ' ']) expect(secretHasEdgeWhitespace(secret)).toBe(true);
    for (const secret of ['k', 'k k', 'a\tb', 'whsec_x']) expect(secretHasEdgeWhitespace(secret)).toBe(false);
  });

  it('looks at every member of a list, and never at bytes', () => {
    expect(secretHasEdgeWhitespace(['k', 'j '])).toBe(true);
    expect(secretHasEdgeWhitespace(['k ', 'j'])).toBe(true);
    expect(secretHasEdgeWhitespace(['k', 'j'])).toBe(false);
    expect(secretHasEdgeWhitespace(new TextEncoder().encode(' k '))).toBe(false);
    expect(secretHasEdgeWhitespace([new TextEncoder().encode(' k ')])).toBe(false);
  });
});
