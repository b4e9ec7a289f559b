// Edge runtimes (and vm contexts) hand out Web Crypto promises from another realm, which fail
// `instanceof Promise` in ours; the async verifier must still work there.
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { signWebhookPayload, verifyWebhookSignatureAsync } from '../../../src/webhooks/index.js';

describe('verifyWebhookSignatureAsync across realms', () => {
  it('verifies when crypto.subtle.importKey resolves with a promise from another realm', async () => {
    const realImport = crypto.subtle.importKey.bind(crypto.subtle);
    const spy = vi.spyOn(crypto.subtle, 'importKey').mockImplementation(((...args: Parameters<typeof realImport>) => {
      const foreign = runInNewContext('(p) => new Promise((resolve, reject) => p.then(resolve, reject))')(
        realImport(...args),
      ) as Promise<CryptoKey>;
      expect(foreign instanceof Promise).toBe(false);
      return foreign;
    }) as typeof crypto.subtle.importKey);
    const secret = `whsec_cross_realm_${Date.now()}`; // a secret the key cache has not seen
    const body = '{"id":"evt_1","type":"score.updated","timestamp":"2026-01-01T00:00:00Z","data":{}}';
    expect(await verifyWebhookSignatureAsync(body, signWebhookPayload(body, secret), secret)).toBe(true);
    expect(await verifyWebhookSignatureAsync(body, '0'.repeat(64), secret)).toBe(false);
    expect(spy).toHaveBeenCalled();
  });
});
