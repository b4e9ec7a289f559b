// createWebhookReceiver on a misconfigured call: a programmer error is a 500 that says what to fix
// and goes to onError, never a 401 that would look like a forged delivery.
import { describe, expect, it, vi } from 'vitest';
import { createWebhookReceiver, type WebhookPayload } from '../../../src/webhooks/index.js';
import { SECRET } from '../../helpers/verify-both.js';

describe('createWebhookReceiver given a body that is not raw', () => {
  it('answers 500 configuration_error with the TypeError message, and reports it to onError', async () => {
    const onError = vi.fn();
    const onRejected = vi.fn();
    const receive = createWebhookReceiver({ secret: SECRET, onError, onRejected });
    const result = await receive({ body: { id: 'evt_1' } as unknown as WebhookPayload, signature: 'a'.repeat(64) });
    expect([result.status, result.outcome]).toEqual([500, 'configuration_error']);
    expect(JSON.parse(result.body)).toEqual({
      error: 'configuration_error',
      message: expect.stringMatching(
        /^constructWebhookEventAsync: payload must be a string, Uint8Array or ArrayBuffer; got a plain object/,
      ),
    });
    expect(onError).toHaveBeenCalledExactlyOnceWith(expect.any(TypeError));
    expect(onRejected).not.toHaveBeenCalled();
  });
});
