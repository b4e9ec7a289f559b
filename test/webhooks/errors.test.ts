// The webhook errors: what a caller can act on (code, maxEntries) survives JSON, and the
// whitespace hint appears only where a padded secret can be the cause.
import { describe, expect, it } from 'vitest';
import { signatureError, WebhookDedupStoreFullError, WebhookVerificationError } from '../../src/webhooks/errors.js';

describe('WebhookDedupStoreFullError', () => {
  it('carries maxEntries, in JSON too, and names the event id and the fix', () => {
    const error = new WebhookDedupStoreFullError(7, 'evt_full');
    expect(error.maxEntries).toBe(7);
    expect(error.name).toBe('WebhookDedupStoreFullError');
    expect(error.message).toMatch(/maxEntries \(7\).*evt_full was not claimed/);
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ name: 'WebhookDedupStoreFullError', maxEntries: 7 });
  });
});

describe('signatureError', () => {
  const hint = /starts or ends with whitespace/;

  it('hints at a padded secret for a mismatch only, and only when a secret is padded', () => {
    expect(signatureError('signature_mismatch', true).message).toMatch(hint);
    expect(signatureError('signature_mismatch', false).message).not.toMatch(hint);
    // A missing or malformed header is not explained by the secret.
    expect(signatureError('missing_signature', true).message).not.toMatch(hint);
    expect(signatureError('malformed_signature', true).message).not.toMatch(hint);
  });

  it('gives a WebhookVerificationError with the code, in JSON too', () => {
    for (const code of ['missing_signature', 'malformed_signature', 'signature_mismatch'] as const) {
      const error = signatureError(code, false);
      expect(error).toBeInstanceOf(WebhookVerificationError);
      expect(error.code).toBe(code);
      expect(JSON.parse(JSON.stringify(error))).toMatchObject({ name: 'WebhookVerificationError', code });
    }
  });
});
