import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  signWebhookPayload,
  signWebhookPayloadAsync,
  verifyWebhookSignature,
  verifyWebhookSignatureAsync,
} from '../../../src/webhooks/index.js';

const latin1 = fc.uint8Array({ maxLength: 80 }).map((b) => Buffer.from(b).toString('latin1')); // how Node decodes header bytes
const headerValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  latin1,
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: 60, maxLength: 68 }),
);
const header = fc.oneof(headerValue, fc.array(headerValue, { maxLength: 3 }), fc.constantFrom(undefined, null));
const payload = fc.oneof(fc.string({ unit: 'binary' }), fc.uint8Array({ maxLength: 256 }));
const secret = fc.oneof(fc.string({ unit: 'binary', minLength: 1 }), fc.uint8Array({ minLength: 1, maxLength: 100 }));

describe('properties', () => {
  it('any string, bytes-as-string or array header gives a boolean, never a throw, on both variants alike', async () => {
    await fc.assert(
      fc.asyncProperty(payload, header, secret, async (body, sig, key) => {
        const sync = verifyWebhookSignature(body, sig, key);
        expect(typeof sync).toBe('boolean');
        expect(await verifyWebhookSignatureAsync(body, sig, key)).toBe(sync);
      }),
      { numRuns: 500 },
    );
  });

  it('a signature made for any payload and secret verifies, on both variants', async () => {
    await fc.assert(
      fc.asyncProperty(payload, secret, async (body, key) => {
        const sig = signWebhookPayload(body, key);
        expect(sig).toMatch(/^[0-9a-f]{64}$/);
        expect(await signWebhookPayloadAsync(body, key)).toBe(sig);
        expect(verifyWebhookSignature(body, sig, key)).toBe(true);
        expect(await verifyWebhookSignatureAsync(body, sig, key)).toBe(true);
        if (typeof body === 'string') expect(signWebhookPayload(new TextEncoder().encode(body), key)).toBe(sig);
      }),
      { numRuns: 300 },
    );
  });

  it('changing any one hex digit of a valid signature fails', async () => {
    await fc.assert(
      fc.asyncProperty(payload, fc.nat(63), fc.nat(15), async (body, at, digit) => {
        const sig = signWebhookPayload(body, 'k');
        const replacement = digit.toString(16);
        fc.pre(sig[at] !== replacement);
        const forged = sig.slice(0, at) + replacement + sig.slice(at + 1);
        expect(verifyWebhookSignature(body, forged, 'k')).toBe(false);
        expect(await verifyWebhookSignatureAsync(body, forged, 'k')).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
