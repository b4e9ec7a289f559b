import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeCreditPlatform, createManualClock, isFailedDelivery } from '../../../src/testing/index.js';
import { verifyWebhookSignature } from '../../../src/webhooks/index.js';
import { call, errorCode, recordingTransport } from '../../helpers/fake-call.js';

const SECRET = 'whsec_test_secret_value';
const URL_ = 'https://hooks.example.test/credit';

function setup(statuses?: number[], extra = {}) {
  const clock = createManualClock();
  const { received, transport } = recordingTransport(statuses);
  const fake = createFakeCreditPlatform({ clock, transactions: 0, webhookTransport: transport, ...extra });
  return { fake, clock, received };
}

async function subscribe(fake: ReturnType<typeof setup>['fake'], events = ['deposit.created']) {
  const res = await call(fake, 'POST', '/webhooks', { body: { url: URL_, events, secret: SECRET } });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; status: string };
}

describe('POST /webhooks validation', () => {
  it('creates an active subscription and never returns the secret', async () => {
    const { fake } = setup();
    const res = await call(fake, 'POST', '/webhooks', {
      body: { url: URL_, events: ['deposit.created', 'deposit.created'], secret: SECRET },
    });
    expect(res.body.data).toMatchObject({
      id: expect.stringMatching(/^wh_/),
      url: URL_,
      events: ['deposit.created'],
      status: 'active',
    });
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    expect(JSON.stringify((await call(fake, 'GET', '/webhooks')).body)).not.toContain(SECRET);
  });

  it('refuses a non-HTTPS URL, unknown event types and a missing secret, all in one 422', async () => {
    const { fake } = setup();
    const res = await call(fake, 'POST', '/webhooks', {
      body: { url: 'http://hooks.example.test', events: ['deposit.created', 'nope.nope'] },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors?.map((e) => [e.field, e.code])).toEqual([
      ['url', 'INVALID_URL'],
      ['events', 'INVALID_EVENT_TYPE'],
      ['secret', 'REQUIRED'],
    ]);
    expect(errorCode(await call(fake, 'POST', '/webhooks', { body: { url: URL_, events: [], secret: 's' } }))).toBe(
      'INVALID_VALUE',
    );
    expect((await call(fake, 'GET', '/webhooks')).body.data.items).toEqual([]);
  });

  it('answers 409 for a second subscription to the same URL', async () => {
    const { fake } = setup();
    await subscribe(fake);
    expect(errorCode(await call(fake, 'POST', '/webhooks', { body: { url: URL_, events: ['payment.due'], secret: 'x' } }))).toBe(
      'DUPLICATE_WEBHOOK',
    );
  });

  it('lists, retrieves, updates and deletes subscriptions', async () => {
    const { fake } = setup();
    const sub = await subscribe(fake);
    const patched = await call(fake, 'PATCH', `/webhooks/${sub.id}`, { body: { events: ['payment.due'] } });
    expect(patched.body.data.events).toEqual(['payment.due']);
    expect((await call(fake, 'GET', `/webhooks/${sub.id}`)).body.data.events).toEqual(['payment.due']);
    expect((await call(fake, 'DELETE', `/webhooks/${sub.id}`)).body.data.id).toBe(sub.id);
    expect((await call(fake, 'GET', `/webhooks/${sub.id}`)).status).toBe(404);
  });
});

describe('deliveries', () => {
  it('signs each delivery with the subscription secret, as the spec says', async () => {
    const { fake, received } = setup();
    await subscribe(fake);
    const { event, deliveries } = await fake.admin.emit('deposit.created');
    expect(deliveries).toHaveLength(1);
    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got?.url).toBe(URL_);
    expect(got?.headers.get('content-type')).toBe('application/json');
    expect(verifyWebhookSignature(got!.body, got!.headers.get('x-webhook-signature'), SECRET)).toBe(true);
    expect(verifyWebhookSignature(got!.body, got!.headers.get('x-webhook-signature'), 'other')).toBe(false);
    const payload = JSON.parse(got!.body);
    expect(payload).toEqual({
      id: event.id,
      type: 'deposit.created',
      timestamp: '2026-01-01T00:00:00.000Z',
      data: expect.any(Object),
    });
    expect(payload.id).toMatch(/^evt_/);
    expect(Object.keys(payload.data).sort()).toEqual(['amount', 'depositId', 'token', 'transactionHash']);
  });

  it('delivers events caused by API calls, only to subscriptions listing the type', async () => {
    const { fake, received } = setup();
    await subscribe(fake, ['deposit.created']);
    await call(fake, 'POST', '/webhooks', {
      body: { url: 'https://other.example.test/h', events: ['payment.received'], secret: 's2' },
    });
    const dep = await call(fake, 'POST', '/deposits', { body: { token: 'ETH', chain: 'Base', amount: '2' } });
    await fake.settled();
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body).data).toMatchObject({ depositId: dep.body.data.id, amount: '2', token: 'ETH' });
  });

  it('retries on the spec schedule and marks the subscription inactive after six failures', async () => {
    const { fake, clock, received } = setup([500]);
    const sub = await subscribe(fake);
    const start = clock.now();
    await fake.admin.emit('deposit.created');
    await fake.advanceTime(16 * 3600_000);
    const attempts = fake.admin.deliveries({ subscriptionId: sub.id });
    expect(attempts.map((d) => d.attempt)).toEqual([1, 2, 3, 4, 5, 6]);
    const offsets = attempts.map((d) => Date.parse(d.attemptedAt) - start);
    const min = 60_000;
    expect(offsets).toEqual([0, 1 * min, 6 * min, 36 * min, 156 * min, 876 * min]);
    expect(attempts.every((d) => d.outcome === 'failed' && d.responseStatus === 500)).toBe(true);
    expect(received).toHaveLength(6);
    expect((await call(fake, 'GET', `/webhooks/${sub.id}`)).body.data.status).toBe('inactive');
    await fake.admin.emit('deposit.created');
    expect(received).toHaveLength(6);
    fake.admin.reactivateWebhook(sub.id);
    await fake.admin.emit('deposit.created');
    expect(received).toHaveLength(7);
  });

  it('stops retrying after a success, and does not fire a retry before its time', async () => {
    const { fake } = setup([503, 502, 204]);
    const sub = await subscribe(fake);
    await fake.admin.emit('deposit.created');
    await fake.advanceTime(59_999);
    expect(fake.admin.deliveries()).toHaveLength(1);
    await fake.advanceTime(1);
    expect(fake.admin.deliveries()).toHaveLength(2);
    await fake.advanceTime(24 * 3600_000);
    expect(fake.admin.deliveries().map((d) => d.outcome)).toEqual(['failed', 'failed', 'succeeded']);
    expect((await call(fake, 'GET', `/webhooks/${sub.id}`)).body.data.status).toBe('active');
  });

  it('counts a thrown transport error and a time-out as failures', async () => {
    const clock = createManualClock();
    let mode: 'throw' | 'hang' = 'throw';
    const transport = (_: Request) =>
      mode === 'throw' ? Promise.reject(new TypeError('fetch failed')) : new Promise<Response>(() => undefined);
    const fake = createFakeCreditPlatform({ clock, webhookTransport: transport, webhookTimeoutMs: 50 });
    await subscribe(fake);
    const thrown = await fake.admin.emit('deposit.created');
    expect(thrown.deliveries[0]).toMatchObject({ outcome: 'failed', responseStatus: null, error: 'TypeError: fetch failed' });
    mode = 'hang';
    await fake.advanceTime(60_000);
    expect(fake.admin.deliveries()[1]).toMatchObject({ attempt: 2, outcome: 'failed', error: 'no response within 50 ms' });
  });

  it('records deliveries and sends nothing when no transport is injected', async () => {
    const fetchMock = vi.fn(async (_: Request) => new Response('ok', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const fake = createFakeCreditPlatform({ clock: createManualClock() });
    await subscribe(fake);
    const { deliveries } = await fake.admin.emit('deposit.created');
    await fake.advanceTime(24 * 3600_000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(deliveries).toEqual(fake.admin.deliveries());
    expect(deliveries).toMatchObject([{ outcome: 'recorded', attempt: 1, responseStatus: null, url: URL_ }]);
    expect(verifyWebhookSignature(deliveries[0]!.body, deliveries[0]!.headers['x-webhook-signature'], SECRET)).toBe(true);
  });

  it('sends with the global fetch only when told to', async () => {
    const fetchMock = vi.fn(async (_: Request) => new Response('ok', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const fake = createFakeCreditPlatform({ clock: createManualClock(), webhookTransport: (request) => fetch(request) });
    await subscribe(fake);
    await fake.admin.emit('deposit.created');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0].url).toBe(URL_);
    expect(fake.admin.deliveries()[0]?.outcome).toBe('succeeded');
  });

  it('judges failure in one documented place', () => {
    expect(isFailedDelivery({ kind: 'response', status: 200 })).toBe(false);
    expect(isFailedDelivery({ kind: 'response', status: 299 })).toBe(false);
    expect(isFailedDelivery({ kind: 'response', status: 301 })).toBe(true);
    expect(isFailedDelivery({ kind: 'response', status: 404 })).toBe(true);
    expect(isFailedDelivery({ kind: 'error', message: 'x' })).toBe(true);
    expect(isFailedDelivery({ kind: 'timeout' })).toBe(true);
  });

  it('refuses advanceTime without a manual clock, and unknown event types in emit', async () => {
    const fake = createFakeCreditPlatform();
    await expect(fake.advanceTime(1)).rejects.toThrow(/manual clock/);
    // A type outside WEBHOOK_EVENT_TYPES is a compile error; plain JavaScript gets a RangeError.
    await expect(fake.admin.emit('nope.nope' as never)).rejects.toThrow(RangeError);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});
