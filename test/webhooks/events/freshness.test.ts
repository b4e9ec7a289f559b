import { describe, expect, it, vi } from 'vitest';
import { CreditPlatformError } from '../../../src/errors/index.js';
import {
  constructWebhookEvent,
  constructWebhookEventAsync,
  createMemoryDedupStore,
  createWebhookReceiver,
  createSignedWebhookDelivery,
  DEFAULT_MAX_EVENT_AGE,
  WebhookVerificationError,
} from '../../../src/webhooks/index.js';
import { checkEventAge, hours, MAX_CLOCK_SKEW_MS } from '../../../src/webhooks/events/freshness.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

const HOUR = 3_600_000;

function deliveryAt(offsetMs: number, id = 'evt_fresh') {
  const timestamp = new Date(Date.now() + offsetMs).toISOString();
  return createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET, id, timestamp });
}

async function codeOf(work: () => unknown): Promise<string | undefined> {
  try {
    await work();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return (error as WebhookVerificationError).code;
  }
}

describe('webhook freshness (maxEventAge)', () => {
  it('defaults to 72 hours, the de-duplication memory', () => {
    expect(DEFAULT_MAX_EVENT_AGE).toBe(72 * HOUR);
  });

  it.each([
    ['just signed', 0, undefined],
    ['71 h old', -71 * HOUR, undefined],
    ['73 h old', -73 * HOUR, 'stale_event'],
    ['4 minutes ahead (clock skew)', 4 * 60_000, undefined],
    ['6 minutes ahead', 6 * 60_000, 'stale_event'],
  ])('an authentic delivery %s: %s', async (_label, offset, expected) => {
    const d = deliveryAt(offset);
    expect(await codeOf(() => constructWebhookEvent(d.body, d.headers['x-webhook-signature'], SECRET))).toBe(expected);
    expect(await codeOf(() => constructWebhookEventAsync(d.body, d.headers['x-webhook-signature'], SECRET))).toBe(expected);
  });

  it('a custom maxEventAge applies; Infinity turns the check off in both directions', async () => {
    const old = deliveryAt(-2 * HOUR);
    expect(
      await codeOf(() => constructWebhookEvent(old.body, old.headers['x-webhook-signature'], SECRET, { maxEventAge: HOUR })),
    ).toBe('stale_event');
    const ancient = deliveryAt(-400 * 24 * HOUR);
    const future = deliveryAt(24 * HOUR);
    const off = { maxEventAge: Number.POSITIVE_INFINITY };
    expect(constructWebhookEvent(ancient.body, ancient.headers['x-webhook-signature'], SECRET, off).id).toBe('evt_fresh');
    expect((await constructWebhookEventAsync(future.body, future.headers['x-webhook-signature'], SECRET, off)).id).toBe(
      'evt_fresh',
    );
  });

  it('applies to event types this SDK does not know, and comes after the envelope checks', async () => {
    const timestamp = new Date(Date.now() - 100 * HOUR).toISOString();
    const future = createSignedWebhookDelivery({ type: 'loan.future', data: {}, secret: SECRET, timestamp });
    const signature = future.headers['x-webhook-signature'];
    expect(await codeOf(() => constructWebhookEvent(future.body, signature, SECRET))).toBe('stale_event');
    expect(await codeOf(() => constructWebhookEventAsync(future.body, signature, SECRET))).toBe('stale_event');
    const broken = createSignedWebhookDelivery({
      type: 'deposit.created',
      data: { ...depositData(), amount: 10 } as never,
      secret: SECRET,
      timestamp,
    });
    const brokenSignature = broken.headers['x-webhook-signature'];
    expect(await codeOf(() => constructWebhookEvent(broken.body, brokenSignature, SECRET))).toBe('invalid_envelope');
  });

  it('a forged old delivery is a signature failure, not stale: authenticity is checked first', async () => {
    const d = deliveryAt(-100 * HOUR);
    expect(await codeOf(() => constructWebhookEvent(d.body, 'f'.repeat(64), SECRET))).toBe('signature_mismatch');
  });

  it.each([0, -1, Number.NaN, '72h'])('maxEventAge %s is a TypeError (a programmer error, not a forged request)', (value) => {
    const d = deliveryAt(0);
    expect(() =>
      constructWebhookEvent(d.body, d.headers['x-webhook-signature'], SECRET, { maxEventAge: value as number }),
    ).toThrow(TypeError);
    expect(() => createWebhookReceiver({ secret: SECRET, maxEventAge: value as number })).toThrow(TypeError);
  });

  it('the receiver answers 400 stale_event to a replay after the id was forgotten, and never runs the handler', async () => {
    let handled = 0;
    const store = createMemoryDedupStore();
    const receive = createWebhookReceiver({ secret: SECRET, store, on: { 'deposit.created': () => void handled++ } });
    const replay = deliveryAt(-80 * HOUR, 'evt_replayed');
    const result = await receive({ body: replay.body, signature: replay.headers['x-webhook-signature'] });
    expect(result.status).toBe(400);
    expect(result.outcome).toBe('stale_event');
    expect(JSON.parse(result.body)).toMatchObject({ error: 'stale_event', message: expect.stringMatching(/maxEventAge/) });
    expect(handled).toBe(0);
    const fresh = deliveryAt(0, 'evt_ok');
    expect((await receive({ body: fresh.body, signature: fresh.headers['x-webhook-signature'] })).status).toBe(200);
    expect(handled).toBe(1);
  });

  it('WebhookVerificationError is a CreditPlatformError with its code in JSON, and never the secret', async () => {
    const d = deliveryAt(-100 * HOUR);
    let error: unknown;
    try {
      constructWebhookEvent(d.body, d.headers['x-webhook-signature'], SECRET);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CreditPlatformError);
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ name: 'WebhookVerificationError', code: 'stale_event' });
    expect(JSON.stringify(error)).not.toContain(SECRET);
  });
});

describe('checkEventAge at the edges of the window', () => {
  const signedAt = Date.parse('2026-03-01T12:00:00.000Z');
  const messageOf = (maxEventAge: number, now: number) => {
    try {
      checkEventAge('evt_edge', signedAt, maxEventAge, now);
      return undefined;
    } catch (error) {
      expect(error).toMatchObject({ code: 'stale_event' });
      return (error as Error).message;
    }
  };

  it('defaults to 72 hours of age and 5 minutes of clock skew', async () => {
    // Imported afresh inside the test, so that the module's constants are evaluated by it.
    vi.resetModules();
    const fresh = await import('../../../src/webhooks/events/freshness.js');
    expect(fresh.DEFAULT_MAX_EVENT_AGE).toBe(259_200_000);
    expect(fresh.MAX_CLOCK_SKEW_MS).toBe(300_000);
  });

  it('accepts an event exactly maxEventAge old and refuses one a millisecond older', () => {
    expect(messageOf(HOUR, signedAt + HOUR)).toBeUndefined();
    expect(messageOf(HOUR, signedAt + HOUR + 1)).toBeDefined();
  });

  it('accepts an event exactly 5 minutes ahead and refuses one a millisecond further', () => {
    expect(MAX_CLOCK_SKEW_MS).toBe(300_000);
    expect(messageOf(HOUR, signedAt - MAX_CLOCK_SKEW_MS)).toBeUndefined();
    expect(messageOf(HOUR, signedAt - MAX_CLOCK_SKEW_MS - 1)).toBeDefined();
  });

  it('checks neither edge when maxEventAge is Infinity', () => {
    expect(messageOf(Number.POSITIVE_INFINITY, signedAt + 1e12)).toBeUndefined();
    expect(messageOf(Number.POSITIVE_INFINITY, signedAt - 1e12)).toBeUndefined();
  });

  it('says how old the event is and what the limit is, in hours with one decimal', () => {
    expect(messageOf(DEFAULT_MAX_EVENT_AGE, signedAt + 73.25 * HOUR)).toMatch(
      /^Event evt_edge is 73\.3 h old, more than maxEventAge \(72 h\)/,
    );
    expect(messageOf(1.5 * HOUR, signedAt + 2 * HOUR)).toMatch(/is 2 h old, more than maxEventAge \(1\.5 h\)/);
    expect(hours(90 * 60_000)).toBe('1.5 h');
  });

  it('says how far ahead an event is dated, in seconds', () => {
    expect(messageOf(HOUR, signedAt - 400_000)).toMatch(/is dated 400 s in the future/);
  });

  it('uses the current time when none is given', () => {
    expect(() => checkEventAge('evt_now', Date.now(), HOUR)).not.toThrow();
    expect(() => checkEventAge('evt_old', Date.now() - 2 * HOUR, HOUR)).toThrow(WebhookVerificationError);
    expect(() => checkEventAge('evt_ahead', Date.now() + 2 * MAX_CLOCK_SKEW_MS, HOUR)).toThrow(WebhookVerificationError);
  });
});
