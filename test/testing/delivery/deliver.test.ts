import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliver } from '../../../src/testing/delivery/deliver.js';
import { createFakeCreditPlatform, createManualClock, type WebhookDeliveryRecord } from '../../../src/testing/index.js';
import { call } from '../../helpers/fake-call.js';

const SUBSCRIBED = 'https://hooks.example.test/credit';

/** One recorded delivery, as `fake.admin.emit` gives it. */
async function recorded(): Promise<WebhookDeliveryRecord> {
  const fake = createFakeCreditPlatform({ clock: createManualClock(), transactions: 0 });
  const res = await call(fake, 'POST', '/webhooks', {
    body: { url: SUBSCRIBED, events: ['deposit.created'], secret: 'whsec_x' },
  });
  expect(res.status).toBe(201);
  const { deliveries } = await fake.admin.emit('deposit.created');
  expect(deliveries).toHaveLength(1);
  return deliveries[0]!;
}

/** What a receiver saw of a request. */
async function seen(request: Request) {
  return {
    method: request.method,
    url: request.url,
    redirect: request.redirect,
    headers: Object.fromEntries(request.headers),
    body: await request.text(),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('deliver', () => {
  it('hands a handler the request the service would send: POST, same body, same signed headers, redirects not followed', async () => {
    const delivery = await recorded();
    const requests: Request[] = [];
    const answer = new Response('{"received":true}', { status: 200 });
    const response = await deliver(delivery, (request) => {
      requests.push(request);
      return answer;
    });
    expect(response).toBe(answer);
    expect(requests).toHaveLength(1);
    expect(await seen(requests[0]!)).toEqual({
      method: 'POST',
      url: SUBSCRIBED,
      redirect: 'manual',
      headers: delivery.headers,
      body: delivery.body,
    });
  });

  it('POSTs to a URL, given as a string or a URL, instead of the subscribed one', async () => {
    const delivery = await recorded();
    const requests: Request[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      requests.push(request);
      return new Response(null, { status: 204 });
    });
    expect((await deliver(delivery, 'http://127.0.0.1:3000/webhooks')).status).toBe(204);
    expect((await deliver(delivery, new URL('http://localhost:4000/hooks'))).status).toBe(204);
    const got = await Promise.all(requests.map(seen));
    expect(got.map((r) => r.url)).toEqual(['http://127.0.0.1:3000/webhooks', 'http://localhost:4000/hooks']);
    for (const r of got)
      expect(r).toMatchObject({ method: 'POST', redirect: 'manual', headers: delivery.headers, body: delivery.body });
  });

  it('refuses what is not a delivery, and sends nothing', async () => {
    const delivery = await recorded();
    const handler = vi.fn(() => new Response());
    for (const bad of [
      undefined,
      null,
      {},
      { ...delivery, body: undefined },
      { ...delivery, body: 42 },
      { ...delivery, headers: undefined },
      { ...delivery, headers: null },
      { ...delivery, headers: 'content-type: application/json' },
    ]) {
      await expect(deliver(bad as never, handler)).rejects.toThrow(
        new TypeError('deliver(delivery, target): pass a delivery from fake.admin.deliveries() or emit().'),
      );
    }
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses a target that is neither a handler nor a URL, and sends nothing', async () => {
    const delivery = await recorded();
    const fetchMock = vi.fn(async () => new Response());
    vi.stubGlobal('fetch', fetchMock);
    for (const bad of [3000, null, undefined, { url: 'http://localhost:3000/' }]) {
      await expect(deliver(delivery, bad as never)).rejects.toThrow(
        new TypeError('deliver(delivery, target): target must be a (request) => Response function or a URL.'),
      );
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
