// Each example is started on an ephemeral loopback port and sent a signed delivery.
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createApp as createExpressApp } from '../../../examples/webhooks/express.js';
import { createApp as createFastifyApp } from '../../../examples/webhooks/fastify.js';
import { createApp as createHonoApp } from '../../../examples/webhooks/hono.js';
import { POST } from '../../../examples/webhooks/nextjs-route.js';
import { serveFetch } from '../../../examples/webhooks/serve-fetch.js';
import { createSignedWebhookDelivery, type WebhookReceiverOptions } from '../../../src/webhooks/index.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';
import { trickle } from '../../helpers/trickle.js';

const closers: (() => Promise<unknown>)[] = [];
afterAll(() => Promise.all(closers.map((close) => close())));

function urlOf(server: Server): string {
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
}

/** Posts a delivery twice and a forged one; returns the three statuses. */
async function exercise(url: string) {
  const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
  const send = (headers: Record<string, string>) => fetch(url, { method: 'POST', body: delivery.body, headers });
  const first = await send(delivery.headers);
  const again = await send(delivery.headers);
  const forged = await send({ ...delivery.headers, 'x-webhook-signature': '0'.repeat(64) });
  return { delivery, bodies: [await first.json(), await again.json()], statuses: [first.status, again.status, forged.status] };
}

function receiverOptions() {
  const onDeposit = vi.fn();
  const options: WebhookReceiverOptions = { secret: SECRET, on: { 'deposit.created': onDeposit }, onError: vi.fn() };
  return { onDeposit, options };
}

describe('examples/webhooks', () => {
  it('express.ts (the handler reads the stream) receives a signed delivery', async () => {
    const { onDeposit, options } = receiverOptions();
    const server = createExpressApp(options).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { delivery, statuses, bodies } = await exercise(urlOf(server));
    expect(statuses).toEqual([200, 200, 401]);
    expect(bodies).toEqual([{ received: true }, { received: true, duplicate: true }]);
    expect(onDeposit).toHaveBeenCalledExactlyOnceWith(delivery.event, {}); // no db: the store is not transactional
  });

  it('fastify.ts (the stream left to createNodeWebhookHandler) receives a signed delivery', async () => {
    const { onDeposit, options } = receiverOptions();
    const app = createFastifyApp(options);
    await app.listen({ port: 0, host: '127.0.0.1' });
    closers.push(() => app.close());
    const { statuses } = await exercise(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/webhooks`);
    expect(statuses).toEqual([200, 200, 401]);
    expect(onDeposit).toHaveBeenCalledOnce();
  });

  it('hono.ts (c.req.raw) receives a signed delivery', async () => {
    const { onDeposit, options } = receiverOptions();
    const { statuses } = await exercise(urlOf(await serveFetch(createHonoApp(options).fetch)));
    expect(statuses).toEqual([200, 200, 401]);
    expect(onDeposit).toHaveBeenCalledOnce();
  });

  it('nextjs-route.ts (POST route handler) receives a signed delivery', async () => {
    vi.stubEnv('CREDIT_PLATFORM_WEBHOOK_SECRET', SECRET);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { delivery, statuses } = await exercise(urlOf(await serveFetch(POST)));
    expect(statuses).toEqual([200, 200, 401]);
    expect(log).toHaveBeenCalledExactlyOnceWith('deposit', delivery.event.data.depositId, delivery.event.data.amount);
  });

  it.each([
    [
      'express.ts',
      async (options: WebhookReceiverOptions) => {
        const server = createExpressApp(options).listen(0, '127.0.0.1');
        await once(server, 'listening');
        return urlOf(server);
      },
    ],
    ['hono.ts', async (options: WebhookReceiverOptions) => urlOf(await serveFetch(createHonoApp(options).fetch))],
  ])('%s answers a body trickling in past readTimeout with 408, and runs no callback', async (_, start) => {
    const { onDeposit, options } = receiverOptions();
    const url = await start({ ...options, readTimeout: 400 });
    const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    const result = await trickle(url, delivery.body, delivery.headers, { everyMs: 150, giveUpMs: 5_000 });
    expect(result.status).toBe(408);
    expect(onDeposit).not.toHaveBeenCalled();
  });
});
