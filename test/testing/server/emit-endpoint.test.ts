import { afterEach, describe, expect, it } from 'vitest';
import { type FakeCreditPlatform, startFakeServer, type FakeServer } from '../../../src/testing/index.js';
import { handleEmitRequest } from '../../../src/testing/server/emit-endpoint.js';
import { constructWebhookEvent } from '../../../src/webhooks/index.js';
import { recordingTransport } from '../../helpers/fake-call.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const post = (s: FakeServer, body: unknown, key: string | null = s.apiKey) =>
  fetch(`${s.url}/_fake/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key === null ? {} : { 'x-api-key': key }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('POST /_fake/events (emitEndpoint)', () => {
  it('emits the event through the fake: forwarded, recorded, answered with the event and the first attempts', async () => {
    const { received, transport } = recordingTransport([200]);
    server = await startFakeServer({
      emitEndpoint: true,
      forwardWebhooks: { url: 'http://localhost:3000/h', secret: 'whsec_e', transport },
    });
    const res = await post(server, { type: 'deposit.created', data: { amount: '3.00' } });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data.event).toMatchObject({ type: 'deposit.created', data: { amount: '3.00', token: 'USDC' } });
    expect(data.deliveries).toEqual([
      { url: 'http://localhost:3000/h', attempt: 1, outcome: 'succeeded', responseStatus: 200, error: null, duplicate: false },
    ]);
    expect(server.fake.admin.events().map((e) => e.id)).toEqual([data.event.id]);
    const [delivery] = received;
    expect(constructWebhookEvent(delivery?.body ?? '', delivery?.headers.get('x-webhook-signature'), 'whsec_e').id).toBe(
      data.event.id,
    );
  });

  it("needs the fake's key, a known type and object data; refusals emit nothing", async () => {
    server = await startFakeServer({ emitEndpoint: true });
    const cases: [Response, number, string][] = [
      [await post(server, { type: 'deposit.created' }, null), 401, 'INVALID_API_KEY'],
      [await post(server, { type: 'deposit.created' }, 'cpk_test_wrong'), 401, 'INVALID_API_KEY'],
      [await post(server, { type: 'deposit.nope' }), 422, 'INVALID_EVENT_TYPE'],
      [await post(server, { type: 5 }), 422, 'INVALID_EVENT_TYPE'],
      [await post(server, ''), 422, 'INVALID_EVENT_TYPE'],
      [await post(server, { type: 'deposit.created', data: null }), 422, 'INVALID_VALUE'],
      [await post(server, { type: 'deposit.created', data: 'text' }), 422, 'INVALID_VALUE'],
      [await post(server, { type: 'deposit.created', data: [1] }), 422, 'INVALID_VALUE'],
      [await post(server, { type: 'deposit.created', data: { amount: 5 } }), 422, 'INVALID_VALUE'],
      [await post(server, '{oops'), 400, 'INVALID_JSON'],
      [await post(server, { type: 'deposit.created', pad: 'x'.repeat(70_000) }), 413, 'PAYLOAD_TOO_LARGE'],
      [await fetch(`${server.url}/_fake/events`, { headers: { 'x-api-key': server.apiKey } }), 405, 'METHOD_NOT_ALLOWED'],
    ];
    for (const [res, status, code] of cases) {
      expect([res.status, (await res.json()).errors[0].code]).toEqual([status, code]);
    }
    expect(server.fake.admin.events()).toEqual([]);
  });

  it('tells a missing key (or an empty one) from a key that is not the current one, and says what to do about the latter', async () => {
    server = await startFakeServer({ emitEndpoint: true });
    const message = async (res: Response) => ((await res.json()) as { message: string }).message;
    const required = "The fake's API key is required (CREDIT_PLATFORM_API_KEY)";
    expect(await message(await post(server, { type: 'deposit.created' }, null))).toBe(required);
    expect(await message(await post(server, { type: 'deposit.created' }, ''))).toBe(required);
    const stale = await post(server, { type: 'deposit.created' }, `${server.apiKey}x`);
    expect(stale.status).toBe(401);
    expect(await message(stale)).toBe(
      "This key is not the fake's current key (a restarted fake makes a new one). Set CREDIT_PLATFORM_API_KEY to the CREDIT_PLATFORM_API_KEY=... line the running fake printed; to keep one key across restarts, start the fake with CREDIT_PLATFORM_API_KEY set where it runs (or --api-key <key>).",
    );
    expect(server.fake.admin.events()).toEqual([]);
  });

  it('is not served unless asked for', async () => {
    server = await startFakeServer();
    const res = await post(server, { type: 'deposit.created' });
    expect(res.status).toBe(404);
    expect(server.fake.admin.events()).toEqual([]);
  });

  it('names the field that is wrong and what it must be', async () => {
    server = await startFakeServer({ emitEndpoint: true });
    const data = await (await post(server, { type: 'deposit.created', data: [1] })).json();
    expect(data.errors).toEqual([
      { field: 'data', code: 'INVALID_VALUE', message: expect.stringMatching(/data must be an object of the event's fields/) },
    ]);
    const type = await (await post(server, { type: 'deposit.nope' })).json();
    expect(type.errors[0]).toMatchObject({ field: 'type', message: expect.stringContaining('deposit.created') });
  });

  it('answers a failure inside the fake with 500 INTERNAL_ERROR, never its message', async () => {
    const failing = {
      apiKey: 'cpk_test_emit',
      admin: {
        emit: async () => {
          throw new Error('secret detail of the failure');
        },
      },
    } as unknown as FakeCreditPlatform;
    const res = await handleEmitRequest(
      failing,
      new Request('http://127.0.0.1/_fake/events', {
        method: 'POST',
        headers: { 'x-api-key': 'cpk_test_emit', 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'deposit.created' }),
      }),
    );
    const body = await res.json();
    expect([res.status, body.errors[0].code]).toEqual([500, 'INTERNAL_ERROR']);
    expect(JSON.stringify(body)).not.toContain('secret detail');
  });
});
