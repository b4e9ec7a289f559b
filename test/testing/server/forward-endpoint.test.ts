import { afterEach, describe, expect, it } from 'vitest';
import { CreditPlatform } from '../../../src/index.js';
import { createFakeCreditPlatform, createManualClock, type FakeServer, startFakeServer } from '../../../src/testing/index.js';
import type { ForwardReport } from '../../../src/testing/server/forward-endpoint.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const get = (s: FakeServer, key: string | null = s.apiKey, method = 'GET') =>
  fetch(`${s.url}/_fake/forward`, { method, headers: key === null ? {} : { 'x-api-key': key } });

async function report(s: FakeServer): Promise<ForwardReport> {
  const res = await get(s);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: ForwardReport }).data;
}

/** A fake forwarding to an endpoint whose transport is `send`. */
async function forwarding(send: () => Promise<Response>): Promise<FakeServer> {
  return startFakeServer({
    clock: createManualClock(),
    transactions: 0,
    emitEndpoint: true,
    forwardWebhooks: { url: 'http://LOCALHOST:3000/webhooks', secret: 'whsec_forward', transport: send },
  });
}

describe('GET /_fake/forward (emitEndpoint)', () => {
  it('reports no URL and nothing forwarded for a fake without a forward', async () => {
    server = await startFakeServer({ emitEndpoint: true });
    expect(await report(server)).toEqual({ url: null, events: 0, undelivered: 0, lastFailure: null });
  });

  it('gives the URL as the fake delivers to it, and counts an event by its latest attempt', async () => {
    let answer = 500;
    server = await forwarding(async () => new Response(null, { status: answer }));
    const { event } = await server.fake.admin.emit('deposit.created');
    const failing = await report(server);
    expect(failing).toEqual({
      url: 'http://localhost:3000/webhooks',
      events: 1,
      undelivered: 1,
      lastFailure: {
        eventId: event.id,
        eventType: 'deposit.created',
        attempt: 1,
        attemptedAt: expect.any(String),
        responseStatus: 500,
        error: null,
      },
    });
    answer = 200;
    await server.fake.admin.emit('payment.received');
    await server.fake.advanceTime(60_000);
    expect(await report(server)).toMatchObject({ events: 2, undelivered: 0, lastFailure: null });
  });

  it('names the latest failure among several undelivered events, a network error included', async () => {
    let fail: () => Promise<Response> = async () => new Response(null, { status: 502 });
    server = await forwarding(() => fail());
    await server.fake.admin.emit('deposit.created');
    fail = () => Promise.reject(new TypeError('fetch failed'));
    await server.fake.advanceTime(1_000);
    const { event } = await server.fake.admin.emit('payment.received');
    const { undelivered, lastFailure } = await report(server);
    expect(undelivered).toBe(2);
    expect(lastFailure).toMatchObject({
      eventId: event.id,
      responseStatus: null,
      error: expect.stringContaining('fetch failed'),
    });
  });

  it('names, of failures at the same instant, the one recorded last', async () => {
    server = await forwarding(async () => new Response(null, { status: 500 }));
    await server.fake.admin.emit('deposit.created');
    const { event } = await server.fake.admin.emit('payment.received');
    // The manual clock stood still: both attempts carry the same time.
    const { undelivered, lastFailure } = await report(server);
    expect(undelivered).toBe(2);
    expect(lastFailure?.eventId).toBe(event.id);
  });

  it('names the latest failure by time, not by the order the events came in', async () => {
    let answer = 500;
    server = await forwarding(async () => new Response(null, { status: answer }));
    const { event: first } = await server.fake.admin.emit('deposit.created');
    await server.fake.advanceTime(30_000);
    await server.fake.admin.emit('payment.received');
    // The first event's retry, 1 min after its first try, fails before the second event's is due.
    answer = 503;
    await server.fake.advanceTime(30_000);
    const { lastFailure } = await report(server);
    expect(lastFailure).toMatchObject({ eventId: first.id, attempt: 2, responseStatus: 503 });
  });

  it("counts the forward's deliveries only, not those of the account's subscriptions", async () => {
    server = await startFakeServer({
      clock: createManualClock(),
      transactions: 0,
      emitEndpoint: true,
      forwardWebhooks: {
        url: 'http://localhost:3000/webhooks',
        secret: 'whsec_forward',
        transport: async () => new Response(null, { status: 200 }),
      },
      webhookTransport: async () => new Response(null, { status: 500 }),
    });
    const client = new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl });
    await client.webhooks.create({ url: 'https://example.com/hooks', events: ['deposit.created'], secret: 'whsec_sub' });
    await server.fake.admin.emit('deposit.created');
    expect(server.fake.admin.deliveries().filter((d) => d.outcome !== 'succeeded')).toHaveLength(1);
    expect(await report(server)).toMatchObject({ events: 1, undelivered: 0, lastFailure: null });
  });

  it('reports no forward for a fake it was given: that fake forwards as it was built to, unknown here', async () => {
    const fake = createFakeCreditPlatform({ transactions: 0 });
    server = await startFakeServer({
      fake,
      emitEndpoint: true,
      forwardWebhooks: { url: 'http://localhost:3000/webhooks', secret: 'whsec_forward' },
    });
    expect(await report(server)).toEqual({ url: null, events: 0, undelivered: 0, lastFailure: null });
  });

  it("needs the fake's key, answers only GET, and is not served unless asked for", async () => {
    server = await startFakeServer({ emitEndpoint: true });
    expect((await get(server, null)).status).toBe(401);
    expect((await get(server, `${server.apiKey}x`)).status).toBe(401);
    expect((await get(server, server.apiKey, 'POST')).status).toBe(405);
    await server.close();
    server = await startFakeServer();
    expect((await get(server)).status).toBe(404);
  });
});
