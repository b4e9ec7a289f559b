import { describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock, type WebhookDeliveryRecord } from '../../../src/testing/index.js';
import { constructWebhookEvent, WEBHOOK_RETRY_SCHEDULE } from '../../../src/webhooks/index.js';
import { startReceiver } from '../../helpers/webhook-receiver.js';
import { call, recordingTransport } from '../../helpers/fake-call.js';

const SECRET = 'whsec_forward_3c9e';
const LOCAL = 'http://localhost:3000/webhooks';

describe('forwardWebhooks', () => {
  it('delivers every event, of every type, signed with its secret, with no subscription at all', async () => {
    const { received, transport } = recordingTransport([204]);
    const fake = createFakeCreditPlatform({
      clock: createManualClock(),
      forwardWebhooks: { url: LOCAL, secret: SECRET, transport },
    });
    await fake.admin.emit('deposit.created');
    await fake.admin.emit('credit.frozen');
    // An event the API emits on its own (a deposit created through the API) is forwarded too.
    const created = await call(fake, 'POST', '/deposits', { body: { token: 'USDC', chain: 'Base', amount: '5.00' } });
    expect(created.status).toBe(201);
    await fake.settled();
    const events = received.map((r) =>
      constructWebhookEvent(r.body, r.headers.get('x-webhook-signature'), SECRET, { maxEventAge: Number.POSITIVE_INFINITY }),
    );
    expect(events.map((e) => e.type)).toEqual(['deposit.created', 'credit.frozen', 'deposit.created']);
    expect(received.map((r) => r.url)).toEqual([LOCAL, LOCAL, LOCAL]);
    expect(fake.admin.deliveries().map((d) => [d.subscriptionId, d.outcome])).toEqual([
      ['forward', 'succeeded'],
      ['forward', 'succeeded'],
      ['forward', 'succeeded'],
    ]);
  });

  it('retries a failing endpoint on the service schedule, on the fake clock, and never gives up on later events', async () => {
    const { received, transport } = recordingTransport([503]);
    const fake = createFakeCreditPlatform({
      clock: createManualClock(),
      forwardWebhooks: { url: LOCAL, secret: SECRET, transport },
    });
    const start = fake.clock.now();
    await fake.admin.emit('payment.overdue');
    for (const delay of WEBHOOK_RETRY_SCHEDULE.slice(1)) await fake.advanceTime(delay);
    await fake.advanceTime(24 * 3_600_000);
    const attempts = fake.admin.deliveries();
    expect(attempts.map((d) => d.attempt)).toEqual([1, 2, 3, 4, 5, 6]);
    const expected = WEBHOOK_RETRY_SCHEDULE.map((_, i) =>
      new Date(start + WEBHOOK_RETRY_SCHEDULE.slice(0, i + 1).reduce((sum, d) => sum + d, 0)).toISOString(),
    );
    expect(attempts.map((d) => d.attemptedAt)).toEqual(expected);
    // A subscription would now be inactive; the forward endpoint still gets the next event.
    await fake.admin.emit('payment.overdue');
    expect(received).toHaveLength(7);
  });

  it('sends forwarded deliveries while subscriptions stay recorded-only (no webhookTransport)', async () => {
    const { received, transport } = recordingTransport([200]);
    const fake = createFakeCreditPlatform({ forwardWebhooks: { url: LOCAL, secret: SECRET, transport } });
    const sub = await call(fake, 'POST', '/webhooks', {
      body: { url: 'https://hooks.example.test/x', events: ['score.updated'], secret: 'whsec_sub' },
    });
    expect(sub.status).toBe(201);
    const { deliveries } = await fake.admin.emit('score.updated');
    expect(deliveries.map((d) => [d.subscriptionId === 'forward', d.outcome])).toEqual([
      [false, 'recorded'],
      [true, 'succeeded'],
    ]);
    expect(received).toHaveLength(1);
    fake.close();
  });

  it('posts over real loopback HTTP with the global fetch by default', async () => {
    const receiver = await startReceiver(SECRET);
    try {
      const fake = createFakeCreditPlatform({ forwardWebhooks: { url: receiver.url, secret: SECRET } });
      const { event, deliveries } = await fake.admin.emit('deposit.created', { amount: '12.50' });
      expect(deliveries[0]).toMatchObject({ outcome: 'succeeded', responseStatus: 200 });
      expect(receiver.handled.map((e) => [e.id, (e.data as { amount: string }).amount])).toEqual([[event.id, '12.50']]);
      fake.close();
    } finally {
      await receiver.close();
    }
  });

  it('refuses plain http:// beyond loopback and an empty secret when the fake is created', () => {
    expect(() => createFakeCreditPlatform({ forwardWebhooks: { url: 'http://10.1.2.3/hooks', secret: SECRET } })).toThrow(
      /forwardWebhooks\.url may use http:\/\/ only on this machine/,
    );
    expect(() => createFakeCreditPlatform({ forwardWebhooks: { url: LOCAL, secret: '' } })).toThrow(/forwardWebhooks\.secret/);
    expect(() =>
      createFakeCreditPlatform({ forwardWebhooks: { url: 'https://tunnel.example/hooks', secret: SECRET } }),
    ).not.toThrow();
  });
});

describe('onWebhookAttempt', () => {
  it('is told about every attempt, recorded, failed and retried, with its duration; a throwing callback changes nothing', async () => {
    const seen: [WebhookDeliveryRecord, number][] = [];
    const { transport } = recordingTransport([500, 200]);
    const fake = createFakeCreditPlatform({
      clock: createManualClock(),
      forwardWebhooks: { url: LOCAL, secret: SECRET, transport },
      onWebhookAttempt: (delivery, { durationMs }) => {
        seen.push([delivery, durationMs]);
        throw new Error('a logger that fails');
      },
    });
    await call(fake, 'POST', '/webhooks', {
      body: { url: 'https://hooks.example.test/y', events: ['deposit.created'], secret: 's' },
    });
    await fake.admin.emit('deposit.created');
    await fake.advanceTime(60_000);
    expect(seen.map(([d]) => [d.subscriptionId === 'forward', d.attempt, d.outcome])).toEqual([
      [false, 1, 'recorded'],
      [true, 1, 'failed'],
      [true, 2, 'succeeded'],
    ]);
    expect(seen.every(([, ms]) => ms >= 0)).toBe(true);
    expect(seen[0]?.[1]).toBe(0);
    expect(fake.admin.deliveries()).toHaveLength(3);
  });
});

describe('forwardWebhooks: what the receiver answered', () => {
  const answering = (body: string) => async () =>
    new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });

  it('records a duplicate when the 2xx answer says the id was handled before, and not otherwise', async () => {
    for (const [body, duplicate] of [
      ['{"received":true,"duplicate":true}', true],
      ['{"received":true}', false],
      ['not json', false],
      [`{"received":true,"pad":"${'x'.repeat(5000)}","duplicate":true}`, false],
    ] as const) {
      const fake = createFakeCreditPlatform({
        clock: createManualClock(),
        forwardWebhooks: { url: LOCAL, secret: SECRET, transport: answering(body) },
      });
      await fake.admin.emit('deposit.created');
      await fake.settled();
      expect(fake.admin.deliveries().map((d) => [d.outcome, d.duplicate])).toEqual([['succeeded', duplicate]]);
    }
  });

  it('never reads a duplicate into a refusal', async () => {
    const fake = createFakeCreditPlatform({
      clock: createManualClock(),
      forwardWebhooks: {
        url: LOCAL,
        secret: SECRET,
        transport: async () => new Response('{"duplicate":true}', { status: 401 }),
      },
    });
    await fake.admin.emit('deposit.created');
    await fake.settled();
    expect(fake.admin.deliveries()[0]).toMatchObject({ outcome: 'failed', responseStatus: 401, duplicate: false });
  });
});
