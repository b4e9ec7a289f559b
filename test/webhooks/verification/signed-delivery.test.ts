import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  createSignedWebhookDelivery,
  signWebhookPayload,
  verifyWebhookSignature,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_RETRY_SCHEDULE,
  WEBHOOK_SIGNATURE_HEADER,
} from '../../../src/webhooks/index.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

describe('createSignedWebhookDelivery', () => {
  it('reports a bad secret under its own name', () => {
    expect(() => createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: '' })).toThrow(
      /^createSignedWebhookDelivery: secret must be/,
    );
    // One secret signs: a rotation list is refused under this function's name too.
    expect(() =>
      createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: [SECRET] as unknown as string }),
    ).toThrow(/^createSignedWebhookDelivery: secret must be a non-empty string, Uint8Array or ArrayBuffer; got an array\.$/);
  });

  it('signs exactly the body it returns, with a fresh evt_ id and an ISO timestamp', () => {
    const a = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    const b = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    expect(a.headers).toEqual({ 'content-type': 'application/json', 'x-webhook-signature': signWebhookPayload(a.body, SECRET) });
    expect(verifyWebhookSignature(a.body, a.headers['x-webhook-signature'], SECRET)).toBe(true);
    expect(JSON.parse(a.body)).toEqual(a.event);
    expect(a.event.id).toMatch(/^evt_[0-9a-f]{24}$/);
    expect(a.event.id).not.toBe(b.event.id);
    expect(new Date(a.event.timestamp).toISOString()).toBe(a.event.timestamp);
    expectTypeOf(a.event.data.amount).toEqualTypeOf<string>();
  });

  it('uses a given id and timestamp, and any type string', () => {
    const d = createSignedWebhookDelivery({
      type: 'brand.new',
      data: { a: 1 },
      secret: new Uint8Array([1, 2]),
      id: 'evt_x',
      timestamp: '2026-01-01T00:00:00Z',
    });
    expect(d.event).toEqual({ id: 'evt_x', type: 'brand.new', timestamp: '2026-01-01T00:00:00Z', data: { a: 1 } });
    expect(verifyWebhookSignature(d.body, d.headers['x-webhook-signature'], new Uint8Array([1, 2]))).toBe(true);
  });
});

describe('constants', () => {
  it('lists the 11 event types, the retry schedule and the header name of the spec', () => {
    expect(WEBHOOK_EVENT_TYPES).toHaveLength(11);
    expect(new Set(WEBHOOK_EVENT_TYPES).size).toBe(11);
    expect(WEBHOOK_RETRY_SCHEDULE).toEqual([0, 60_000, 300_000, 1_800_000, 7_200_000, 43_200_000]);
    // 14 h 36 min in all: the default 72 h de-duplication window covers it.
    expect(WEBHOOK_RETRY_SCHEDULE.reduce((a, b) => a + b, 0)).toBe((14 * 60 + 36) * 60_000);
    expect(WEBHOOK_SIGNATURE_HEADER).toBe('x-webhook-signature');
  });
});
