// createWebhookReceiver on a misconfigured call: a programmer error is a 500 that says what to fix
// and goes to onError, never a 401 that would look like a forged delivery.
import { describe, expect, it, vi } from 'vitest';
import { createSignedWebhookDelivery, createWebhookReceiver, type WebhookPayload } from '../../../src/webhooks/index.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

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

describe('createWebhookReceiver given a body past maxBodyBytes', () => {
  it('answers 413 without verifying it, signed or not; a body of exactly the limit is handled', async () => {
    const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    const size = Buffer.byteLength(delivery.body);
    const onRejected = vi.fn();
    const over = createWebhookReceiver({ secret: SECRET, maxBodyBytes: size - 1, onRejected });
    const result = await over({ body: delivery.body, signature: delivery.headers['x-webhook-signature'] });
    expect([result.status, result.outcome]).toEqual([413, 'payload_too_large']);
    expect((await over({ body: delivery.body, signature: 'ab'.repeat(32) })).status).toBe(413);
    expect(onRejected).not.toHaveBeenCalled();
    const exact = createWebhookReceiver({ secret: SECRET, maxBodyBytes: size });
    expect((await exact({ body: delivery.body, signature: delivery.headers['x-webhook-signature'] })).outcome).toBe('processed');
  });
});
