import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { CreditPlatform, NotFoundError } from '../../src/index.js';
import { createFakeCreditPlatform, startFakeServer, type FakeServer } from '../../src/testing/index.js';
import { constructWebhookEvent, WEBHOOK_EVENT_TYPES } from '../../src/webhooks/index.js';
import { call } from '../helpers/fake-call.js';

const SECRET = 'whsec_first_hour';
const HOOK = 'https://hooks.invalid/cp';

async function subscribed(events: string[] = [...WEBHOOK_EVENT_TYPES]) {
  const fake = createFakeCreditPlatform({ transactions: 0 });
  const res = await call(fake, 'POST', '/webhooks', { body: { url: HOOK, events, secret: SECRET } });
  expect(res.status).toBe(201);
  return fake;
}

// Any use of the global fetch in these tests would be the fake reaching for the network.
function forbidFetch() {
  const spy = vi.fn(async () => {
    throw new Error('the network was used');
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('admin.emit: typed, merged into a valid default payload', () => {
  it('merges the given fields into the default deposit.created data; the delivery passes constructWebhookEvent', async () => {
    const network = forbidFetch();
    const fake = await subscribed(['deposit.created']);
    const { event, deliveries } = await fake.admin.emit('deposit.created', { amount: '5.00' });
    expect(event.data).toEqual({
      depositId: event.id.replace('evt_', 'dep_'),
      token: 'USDC',
      amount: '5.00',
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    const [delivery] = deliveries;
    expect(delivery).toMatchObject({ outcome: 'recorded', url: HOOK, body: JSON.stringify(event) });
    const verified = constructWebhookEvent(delivery!.body, delivery!.headers['x-webhook-signature'], SECRET);
    expect(verified.type === 'deposit.created' && verified.data.amount).toBe('5.00');
    expect(network).not.toHaveBeenCalled();
  });

  it.each(WEBHOOK_EVENT_TYPES)('emits a %s that constructWebhookEvent accepts, with no data given', async (type) => {
    const fake = await subscribed([type]);
    const { deliveries } = await fake.admin.emit(type);
    const event = constructWebhookEvent(deliveries[0]!.body, deliveries[0]!.headers['x-webhook-signature'], SECRET);
    expect(event.type).toBe(type);
    expect(Object.keys(event.data).length).toBeGreaterThan(0);
  });

  it('types data per event type, and refuses at run time what the verifier would refuse', async () => {
    const fake = await subscribed(['deposit.created']);
    expectTypeOf(fake.admin.emit<'deposit.created'>)
      .parameter(1)
      .toEqualTypeOf<Partial<import('../../src/webhooks/index.js').DepositCreatedData> | undefined>();
    // @ts-expect-error amount is a decimal string, not a number
    const refused = fake.admin.emit('deposit.created', { amount: 5 });
    await expect(refused).rejects.toThrow(
      "emit('deposit.created', data) would send an event constructWebhookEvent refuses: Invalid webhook envelope: `data.amount` of a deposit.created event must be a string.",
    );
    await expect(fake.admin.emit('deposit.created', [] as never)).rejects.toThrow(TypeError);
    expect(fake.admin.deliveries()).toEqual([]);
    // A refused emit uses up no id: the same seed still gives the same ids.
    const { event } = await fake.admin.emit('deposit.created');
    const twin = await subscribed(['deposit.created']);
    expect((await twin.admin.emit('deposit.created')).event.id).toBe(event.id);
  });
});

describe('recorded deliveries, handed to a handler in one call', () => {
  it('delivers the same signed request to a Fetch-style handler', async () => {
    forbidFetch();
    const fake = await subscribed(['payment.received']);
    const { deliveries } = await fake.admin.emit('payment.received', { amount: '12.00' });
    const seen: { url: string; type: string; amount: unknown }[] = [];
    const response = await fake.admin.deliver(deliveries[0]!, async (request) => {
      const event = constructWebhookEvent(await request.text(), request.headers.get('x-webhook-signature'), SECRET);
      seen.push({ url: request.url, type: event.type, amount: event.data.amount });
      return new Response(null, { status: 204 });
    });
    expect(response.status).toBe(204);
    expect(seen).toEqual([{ url: HOOK, type: 'payment.received', amount: '12.00' }]);
  });

  it('POSTs it to a URL on loopback, headers and body unchanged', async () => {
    const fake = await subscribed(['deposit.created']);
    const received: { headers: Record<string, unknown>; body: string }[] = [];
    const endpoint = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    try {
      const { deliveries } = await fake.admin.emit('deposit.created');
      const port = (endpoint.address() as AddressInfo).port;
      const response = await fake.admin.deliver(deliveries[0]!, `http://127.0.0.1:${port}/webhooks`);
      expect(response.status).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]!.body).toBe(deliveries[0]!.body);
      expect(received[0]!.headers['x-webhook-signature']).toBe(deliveries[0]!.signature);
    } finally {
      endpoint.closeAllConnections();
      await new Promise((resolve) => endpoint.close(resolve));
    }
  });

  it('refuses something that is not a delivery', async () => {
    const fake = createFakeCreditPlatform({ transactions: 0 });
    await expect(fake.admin.deliver({} as never, () => new Response())).rejects.toThrow(/pass a delivery/);
  });
});

describe('routes of your own, for client.request', () => {
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers an undeclared route with a 404 that says how to add it', async () => {
    server = await startFakeServer({ transactions: 0 });
    const client = new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl, maxRetries: 0 });
    const rejected = client.request('GET', '/reports/daily');
    await expect(rejected).rejects.toBeInstanceOf(NotFoundError);
    await expect(rejected).rejects.toThrow(
      "404 No route for GET /api/v1/reports/daily: the fake serves the operations this SDK declares. To test client.request against it, add the route: fake.admin.route('GET', '/reports/daily', (req) => data).",
    );
  });

  it('serves an added route before the built-in ones, with params, query, body and the caller', async () => {
    server = await startFakeServer({ transactions: 0 });
    const client = new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl, maxRetries: 0 });
    server.fake.admin.route('GET', '/credit/limits', () => ({ available: '2500.00' }));
    server.fake.admin.route(
      'POST',
      '/reports/:kind',
      (req) => ({ kind: req.params.kind, q: req.query.get('q'), body: req.body, account: req.accountId }),
      {
        status: 201,
      },
    );
    expect(await client.request('GET', '/credit/limits')).toEqual({ available: '2500.00' });
    const created = await client
      .request('POST', 'reports/daily', { query: { q: 'x' }, body: { from: '2026-01-01' } })
      .withResponse();
    expect(created.response.status).toBe(201);
    expect(created.data).toEqual({ kind: 'daily', q: 'x', body: { from: '2026-01-01' }, account: server.fake.accountId });
    // Authentication still applies.
    const anonymous = new CreditPlatform({ apiKey: 'cp_wrong', baseUrl: server.baseUrl, maxRetries: 0 });
    await expect(anonymous.request('GET', '/credit/limits')).rejects.toThrow(/^401 /);
  });

  it('refuses a path given with /api/v1 or without a leading slash', () => {
    const fake = createFakeCreditPlatform({ transactions: 0 });
    expect(() => fake.admin.route('GET', '/api/v1/credit/limits', () => null)).toThrow(/relative to \/api\/v1/);
    expect(() => fake.admin.route('GET', 'credit/limits', () => null)).toThrow(/starts with "\/"/);
    expect(() => fake.admin.route('FETCH', '/x', () => null)).toThrow(/method must be one of/);
  });
});
