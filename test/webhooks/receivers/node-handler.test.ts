import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createNodeWebhookHandler,
  createSignedWebhookDelivery,
  type WebhookReceiverOptions,
} from '../../../src/webhooks/index.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
}

function deposit() {
  return createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
}

function options(extra: Partial<WebhookReceiverOptions> = {}) {
  const onDeposit = vi.fn();
  const onError = vi.fn();
  return { onDeposit, onError, options: { secret: SECRET, on: { 'deposit.created': onDeposit }, onError, ...extra } };
}

describe('createNodeWebhookHandler over loopback HTTP', () => {
  it('reads the raw stream on plain node:http, de-duplicates and answers 401 to a bad signature', async () => {
    const { onDeposit, options: opts } = options();
    const url = await listen(createServer(createNodeWebhookHandler(opts)));
    const delivery = deposit();
    const first = await fetch(url, { method: 'POST', body: delivery.body, headers: delivery.headers });
    expect([first.status, await first.json()]).toEqual([200, { received: true }]);
    const again = await fetch(url, { method: 'POST', body: delivery.body, headers: delivery.headers });
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(onDeposit).toHaveBeenCalledExactlyOnceWith(delivery.event, {}); // no db: the store is not transactional
    const forged = await fetch(url, { method: 'POST', body: delivery.body, headers: { 'x-webhook-signature': 'abc' } });
    expect(forged.status).toBe(401);
  });

  it('uses the Buffer from express.raw', async () => {
    const { onDeposit, options: opts } = options();
    const app = express();
    app.post('/webhooks', express.raw({ type: 'application/json' }), createNodeWebhookHandler(opts));
    const url = await listen(createServer(app));
    const delivery = deposit();
    expect((await fetch(url, { method: 'POST', body: delivery.body, headers: delivery.headers })).status).toBe(200);
    expect(onDeposit).toHaveBeenCalledOnce();
  });

  it('answers a body parsed by express.json() with a configuration error naming express.raw', async () => {
    const { onDeposit, onError, options: opts } = options();
    const app = express();
    app.use(express.json());
    app.post('/webhooks', createNodeWebhookHandler(opts));
    const url = await listen(createServer(app));
    const delivery = deposit();
    const response = await fetch(url, { method: 'POST', body: delivery.body, headers: delivery.headers });
    expect(response.status).toBe(500);
    expect((await response.json()).message).toMatch(/express\.raw\(\{ type: 'application\/json' \}\)/);
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'TypeError', message: expect.stringMatching(/express\.raw/) }),
    );
    expect(onDeposit).not.toHaveBeenCalled();
  });

  it('answers a stream consumed by other middleware at once instead of hanging', async () => {
    const { options: opts } = options();
    const handler = createNodeWebhookHandler(opts);
    const url = await listen(
      createServer(async (req, res) => {
        for await (const _chunk of req) void _chunk; // a middleware that ate the body
        await handler(req, res);
      }),
    );
    const delivery = deposit();
    const response = await fetch(url, {
      method: 'POST',
      body: delivery.body,
      headers: delivery.headers,
      signal: AbortSignal.timeout(5_000),
    });
    expect(response.status).toBe(500);
    expect((await response.json()).message).toMatch(/already read/);
  });

  it('reads the stream when an Express 4 style parser left an empty {} and skipped the body', async () => {
    const { onDeposit, options: opts } = options();
    const handler = createNodeWebhookHandler(opts);
    const url = await listen(createServer((req, res) => handler(Object.assign(req, { body: {} }), res)));
    const delivery = deposit();
    expect((await fetch(url, { method: 'POST', body: delivery.body, headers: delivery.headers })).status).toBe(200);
    expect(onDeposit).toHaveBeenCalledOnce();
  });

  it('answers 413 when the stream exceeds maxBodyBytes, and 405 to GET', async () => {
    const { options: opts } = options({ maxBodyBytes: 64 });
    const url = await listen(createServer(createNodeWebhookHandler(opts)));
    const delivery = deposit();
    const big = await fetch(url, {
      method: 'POST',
      body: delivery.body,
      headers: { 'x-webhook-signature': delivery.headers['x-webhook-signature'] },
    });
    expect(big.status).toBe(413);
    expect((await fetch(url)).status).toBe(405);
  });
});
