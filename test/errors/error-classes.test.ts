// Errors that read well: an API error's message starts with its status, and every error class
// the package exports is also a static of CreditPlatform.
import { describe, expect, it } from 'vitest';
import * as sdk from '../../src/index.js';
import { CreditPlatform, NotFoundError } from '../../src/index.js';
import { startFakeServer } from '../../src/testing/index.js';
import { captureError } from '../helpers/capture.js';

describe('errors that read well', () => {
  it('starts API error messages with the status', async () => {
    const server = await startFakeServer({ transactions: 0 });
    try {
      const client = new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl, maxRetries: 0 });
      const error = await captureError(client.deposits.retrieve('dep_missing'));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.message).toMatch(/^404 \S/);
      expect(String(error)).toMatch(/^NotFoundError: 404 /);
    } finally {
      await server.close();
    }
  });

  it('has every exported error class as a static of CreditPlatform, the very same class', () => {
    // The webhooks entry's errors (WebhookVerificationError, WebhookDedupStoreFullError) belong to the
    // receivers, which never load the client, so they are not statics of it.
    const names = Object.keys(sdk).filter((name) => /Error$/.test(name) && !name.startsWith('Webhook'));
    expect(names.length).toBeGreaterThanOrEqual(16);
    for (const name of names) {
      expect((CreditPlatform as unknown as Record<string, unknown>)[name], name).toBe((sdk as Record<string, unknown>)[name]);
    }
    expect(CreditPlatform.NotFoundError).toBe(NotFoundError);
  });
});
