import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { verifyWebhookSignature } from '../../../src/webhooks/index.js';

// verifyWebhookSignature keeps a KeyObject per string secret (at most 32): the cache must never
// make one secret's signature pass for another, nor forget how to verify once it is full.
const body = '{"id":"evt_1","type":"score.updated","timestamp":"2026-01-01T00:00:00Z","data":{}}';
const sign = (secret: string | Uint8Array) => createHmac('sha256', secret).update(body).digest('hex');

describe('verifyWebhookSignature with many secrets', () => {
  it('verifies each of 80 secrets in turn, twice round, and refuses every other secret', () => {
    const secrets = Array.from({ length: 80 }, (_, i) => `whsec_${i}_${'k'.repeat(i)}`);
    for (let round = 0; round < 2; round++) {
      secrets.forEach((secret, i) => {
        expect(verifyWebhookSignature(body, sign(secret), secret)).toBe(true);
        expect(verifyWebhookSignature(body, sign(secret), secrets[(i + 1) % secrets.length]!)).toBe(false);
      });
    }
  });

  it('a string secret and the same secret as bytes verify alike; non-ASCII secrets are UTF-8', () => {
    for (const secret of ['whsec_plain', 'whsec_ünïcødé_🔑']) {
      const bytes = new TextEncoder().encode(secret);
      expect(verifyWebhookSignature(body, sign(secret), secret)).toBe(true);
      expect(verifyWebhookSignature(body, sign(secret), bytes)).toBe(true);
      expect(verifyWebhookSignature(body, sign(bytes), secret)).toBe(true);
    }
  });

  it('rotation: either secret of a list verifies, a third does not', () => {
    expect(verifyWebhookSignature(body, sign('new'), ['new', 'old'])).toBe(true);
    expect(verifyWebhookSignature(body, sign('old'), ['new', 'old'])).toBe(true);
    expect(verifyWebhookSignature(body, sign('other'), ['new', 'old'])).toBe(false);
  });

  it('rotation: every secret of the list is tried, wherever the match is (no early exit)', () => {
    // The very object the verifier loads through process.getBuiltinModule, so the spy sees its calls.
    const nodeCrypto = process.getBuiltinModule('node:crypto');
    const createHmac = vi.spyOn(nodeCrypto, 'createHmac');
    try {
      for (const secrets of [
        ['a', 'b', 'c'],
        ['x', 'a', 'y'],
        ['x', 'y', 'a'],
        ['x', 'y', 'z'],
      ]) {
        createHmac.mockClear();
        expect(verifyWebhookSignature(body, sign('a'), secrets)).toBe(secrets.includes('a'));
        expect(createHmac).toHaveBeenCalledTimes(3);
      }
    } finally {
      createHmac.mockRestore();
    }
  });
});
