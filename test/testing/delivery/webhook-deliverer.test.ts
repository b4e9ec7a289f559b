import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createFakeCreditPlatform,
  createManualClock,
  isFailedDelivery,
  type WebhookDeliveryRecord,
  type WebhookTransport,
} from '../../../src/testing/index.js';
import { verifyWebhookSignature, WEBHOOK_RETRY_SCHEDULE } from '../../../src/webhooks/index.js';
import { call } from '../../helpers/fake-call.js';

const A = 'https://a.example.test/hooks';
const B = 'https://b.example.test/hooks';
const LOCAL = 'http://localhost:3000/webhooks';
const LAST_RETRY = WEBHOOK_RETRY_SCHEDULE.reduce((sum, d) => sum + d, 0);

type Fake = ReturnType<typeof createFakeCreditPlatform>;

async function subscribe(fake: Fake, url: string, secret: string, events = ['deposit.created']): Promise<string> {
  const res = await call(fake, 'POST', '/webhooks', { body: { url, events, secret } });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

/** A transport that answers each URL with the status `answer` gives it, and logs what it got. */
function transportAnswering(answer: (url: string, request: Request) => number | Promise<number>) {
  const got: { url: string; signature: string | null; body: string }[] = [];
  const transport: WebhookTransport = async (request) => {
    got.push({ url: request.url, signature: request.headers.get('x-webhook-signature'), body: await request.clone().text() });
    return new Response(null, { status: await answer(request.url, request) });
  };
  return { got, transport };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('isFailedDelivery', () => {
  it('counts a response as delivered exactly when its status is 2xx', () => {
    for (let status = 100; status < 600; status++) {
      expect(isFailedDelivery({ kind: 'response', status }), String(status)).toBe(status < 200 || status >= 300);
    }
    expect(isFailedDelivery({ kind: 'response', status: 204, duplicate: true })).toBe(false);
  });

  it('counts every attempt without a response as failed', () => {
    expect(isFailedDelivery({ kind: 'error', message: 'TypeError: fetch failed' })).toBe(true);
    expect(isFailedDelivery({ kind: 'timeout' })).toBe(true);
    // A malformed outcome is never taken for a delivered one.
    expect(isFailedDelivery({ kind: 'error', status: 200 } as never)).toBe(true);
  });
});

describe('WebhookDeliverer', () => {
  it('records each attempt with what a test reads: ids, target, attempt, time, outcome, status, signature', async () => {
    const clock = createManualClock();
    const { transport } = transportAnswering((url) => (url === A ? 503 : 200));
    const fake = createFakeCreditPlatform({ clock, transactions: 0, webhookTransport: transport });
    const a = await subscribe(fake, A, 'whsec_a');
    const b = await subscribe(fake, B, 'whsec_b');
    const { event, deliveries } = await fake.admin.emit('deposit.created');
    expect(deliveries).toEqual(fake.admin.deliveries());
    const [toA, toB] = deliveries as [WebhookDeliveryRecord, WebhookDeliveryRecord];
    const common = { eventId: event.id, eventType: 'deposit.created', attempt: 1, attemptedAt: '2026-01-01T00:00:00.000Z' };
    expect(toA).toMatchObject({
      ...common,
      subscriptionId: a,
      url: A,
      outcome: 'failed',
      responseStatus: 503,
      duplicate: false,
      error: null,
    });
    expect(toB).toMatchObject({
      ...common,
      subscriptionId: b,
      url: B,
      outcome: 'succeeded',
      responseStatus: 200,
      duplicate: false,
      error: null,
    });
    expect(toA.id).toMatch(/^dlv_/);
    expect(toB.id).not.toBe(toA.id);
    for (const [d, secret] of [
      [toA, 'whsec_a'],
      [toB, 'whsec_b'],
    ] as const) {
      expect(d.body).toBe(JSON.stringify(event));
      expect(d.headers).toEqual({ 'content-type': 'application/json', 'x-webhook-signature': d.signature });
      expect(verifyWebhookSignature(d.body, d.signature, secret)).toBe(true);
    }
  });

  it('delivers nothing to an inactive subscription, and lists only the attempts made', async () => {
    const clock = createManualClock();
    const { got, transport } = transportAnswering((url) => (url === A ? 500 : 204));
    const fake = createFakeCreditPlatform({ clock, transactions: 0, webhookTransport: transport });
    const a = await subscribe(fake, A, 'whsec_a');
    await fake.admin.emit('deposit.created');
    await fake.advanceTime(LAST_RETRY);
    expect(fake.admin.webhooks().find((s) => s.id === a)?.status).toBe('inactive');
    const b = await subscribe(fake, B, 'whsec_b');
    got.length = 0;
    const { deliveries } = await fake.admin.emit('deposit.created');
    expect(deliveries.map((d) => d.subscriptionId)).toEqual([b]);
    expect(got.map((r) => r.url)).toEqual([B]);
    const none = await fake.admin.emit('payment.due');
    expect(none.deliveries).toEqual([]);
  });

  it('stops retrying for a subscription deleted meanwhile, and keeps retrying for the others', async () => {
    const clock = createManualClock();
    const { got, transport } = transportAnswering(() => 500);
    const fake = createFakeCreditPlatform({ clock, transactions: 0, webhookTransport: transport });
    const a = await subscribe(fake, A, 'whsec_a');
    await subscribe(fake, B, 'whsec_b');
    await fake.admin.emit('deposit.created');
    expect((await call(fake, 'DELETE', `/webhooks/${a}`)).status).toBe(200);
    await fake.advanceTime(LAST_RETRY);
    expect(got.filter((r) => r.url === A)).toHaveLength(1);
    expect(got.filter((r) => r.url === B)).toHaveLength(6);
  });

  it('signs a retry with the subscription as it is now: its current secret and URL', async () => {
    const clock = createManualClock();
    const { got, transport } = transportAnswering(() => 500);
    const fake = createFakeCreditPlatform({ clock, transactions: 0, webhookTransport: transport });
    const a = await subscribe(fake, A, 'whsec_old');
    await fake.admin.emit('deposit.created');
    await call(fake, 'PATCH', `/webhooks/${a}`, { body: { secret: 'whsec_new', url: B } });
    await fake.advanceTime(WEBHOOK_RETRY_SCHEDULE[1]!);
    expect(got).toHaveLength(2);
    expect(got[1]!.url).toBe(B);
    expect(verifyWebhookSignature(got[1]!.body, got[1]!.signature, 'whsec_new')).toBe(true);
    expect(verifyWebhookSignature(got[0]!.body, got[0]!.signature, 'whsec_old')).toBe(true);
    expect(got[1]!.body).toBe(got[0]!.body);
  });

  it('does not bring back a subscription deleted while its last attempt was in flight', async () => {
    const clock = createManualClock();
    let fake: Fake | undefined;
    let sent = 0;
    const { transport } = transportAnswering(async (url) => {
      sent += 1;
      if (sent === 6) await call(fake!, 'DELETE', `/webhooks/${fake!.admin.webhooks()[0]!.id}`);
      return url === A ? 500 : 200;
    });
    fake = createFakeCreditPlatform({ clock, transactions: 0, webhookTransport: transport });
    await subscribe(fake, A, 'whsec_a');
    await fake.admin.emit('deposit.created');
    await fake.advanceTime(LAST_RETRY);
    expect(sent).toBe(6);
    expect(fake.admin.webhooks()).toEqual([]);
    expect((await call(fake, 'GET', '/webhooks')).body.data.items).toEqual([]);
  });

  it('tells onWebhookAttempt how long the transport took, and 0 for a recorded delivery', async () => {
    let now = 1_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const timings: [string, number][] = [];
    const fake = createFakeCreditPlatform({
      clock: createManualClock(),
      transactions: 0,
      forwardWebhooks: {
        url: LOCAL,
        secret: 'whsec_f',
        transport: async () => {
          now += 250; // the receiver takes 250 ms
          return new Response(null, { status: 204 });
        },
      },
      onWebhookAttempt: (delivery, { durationMs }) => timings.push([delivery.outcome, durationMs]),
    });
    await subscribe(fake, A, 'whsec_a');
    await fake.admin.emit('deposit.created');
    expect(timings).toEqual([
      ['recorded', 0],
      ['succeeded', 250],
    ]);
  });
});

describe('WebhookDeliverer time-out', () => {
  it('aborts a request that got no answer in time and records it as failed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const signals: AbortSignal[] = [];
    const fake = createFakeCreditPlatform({
      clock: createManualClock(),
      webhookTimeoutMs: 5_000,
      forwardWebhooks: {
        url: LOCAL,
        secret: 'whsec_f',
        // Never answers, and ignores the abort too.
        transport: (request) => {
          signals.push(request.signal);
          return new Promise<Response>(() => undefined);
        },
      },
    });
    const emitted = fake.admin.emit('deposit.created');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(signals.map((s) => s.aborted)).toEqual([false]);
    await vi.advanceTimersByTimeAsync(1);
    const { deliveries } = await emitted;
    expect(signals.map((s) => s.aborted)).toEqual([true]);
    expect(deliveries).toMatchObject([{ outcome: 'failed', responseStatus: null, error: 'no response within 5000 ms' }]);
  });

  it('leaves no timer behind once answered, so a script exits right after its deliveries', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const signals: AbortSignal[] = [];
    const fake = createFakeCreditPlatform({
      clock: createManualClock(),
      webhookTimeoutMs: 5_000,
      forwardWebhooks: {
        url: LOCAL,
        secret: 'whsec_f',
        transport: async (request) => {
          signals.push(request.signal);
          return new Response('{"received":true}', { status: 200 });
        },
      },
    });
    const { deliveries } = await fake.admin.emit('deposit.created');
    expect(deliveries).toMatchObject([{ outcome: 'succeeded', responseStatus: 200 }]);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(signals.map((s) => s.aborted)).toEqual([false]);
  });

  it('records a transport that fails after the abort as timed out, not as its own error', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fake = createFakeCreditPlatform({
      clock: createManualClock(),
      webhookTimeoutMs: 100,
      forwardWebhooks: {
        url: LOCAL,
        secret: 'whsec_f',
        // Like fetch: rejects with an AbortError as soon as the signal aborts.
        transport: (request) =>
          new Promise<Response>((_, reject) => {
            request.signal.addEventListener('abort', () => reject(request.signal.reason));
          }),
      },
    });
    const emitted = fake.admin.emit('deposit.created');
    await vi.advanceTimersByTimeAsync(100);
    expect((await emitted).deliveries).toMatchObject([{ outcome: 'failed', error: 'no response within 100 ms' }]);
  });
});
