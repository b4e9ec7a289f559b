// With node:crypto and a store that answers synchronously (the memory store), the Node handler
// answers a body it was handed, a duplicate or a refusal, in the call itself: no microtask turn is
// spent waiting for what is not pending. A store or a verifier that returns a promise is awaited.
import { describe, expect, it, vi } from 'vitest';
import {
  createMemoryDedupStore,
  createNodeWebhookHandler,
  createSignedWebhookDelivery,
  createWebhookReceiver,
  type WebhookDedupStore,
} from '../../../src/webhooks/index.js';
import { bufferedRequest as raw, recordedResponse as response } from '../../helpers/node-exchange.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

describe('answers without waiting for what is not pending', () => {
  const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });

  it('a duplicate and a refusal are answered before the call returns', async () => {
    const onDeposit = vi.fn();
    const handler = createNodeWebhookHandler({ secret: SECRET, on: { 'deposit.created': onDeposit }, onRejected() {} });
    const first = response();
    await handler(raw(delivery.body, delivery.headers), first.res);
    expect(first.sent.status).toBe(200);

    const again = response();
    const settled = handler(raw(delivery.body, delivery.headers), again.res);
    expect([again.sent.status, again.sent.body]).toEqual([200, '{"received":true,"duplicate":true}']);
    await settled;

    const forged = response();
    const refused = handler(raw(delivery.body, { 'x-webhook-signature': 'ab'.repeat(32) }), forged.res);
    expect(forged.sent.status).toBe(401);
    await refused;
    expect(onDeposit).toHaveBeenCalledTimes(1);
  });

  it('a store that answers with a promise is awaited, and so is its failure', async () => {
    const memory = createMemoryDedupStore();
    const store: WebhookDedupStore = { ...memory, claim: async (id) => memory.claim(id) };
    const handler = createNodeWebhookHandler({ secret: SECRET, store, onError() {} });
    for (const expected of ['{"received":true}', '{"received":true,"duplicate":true}']) {
      const { res, sent } = response();
      const settled = handler(raw(delivery.body, delivery.headers), res);
      expect(sent.status).toBeUndefined();
      await settled;
      expect([sent.status, sent.body]).toEqual([200, expected]);
    }
    const onError = vi.fn();
    const broken = createNodeWebhookHandler({
      secret: SECRET,
      store: { ...memory, claim: () => Promise.reject(new Error('down')) },
      onError,
    });
    const { res, sent } = response();
    await broken(raw(delivery.body, delivery.headers), res);
    expect(sent.status).toBe(503);
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'down' }),
      expect.objectContaining({ id: delivery.event.id }),
    );
  });

  it('createWebhookReceiver still answers with a promise, whatever the store', async () => {
    const receive = createWebhookReceiver({ secret: SECRET, store: createMemoryDedupStore() });
    const answer = receive({ body: delivery.body, signature: delivery.headers['x-webhook-signature'] });
    expect(answer).toBeInstanceOf(Promise);
    expect((await answer).outcome).toBe('processed');
    expect((await receive({ body: delivery.body, signature: 'ab'.repeat(32) })).status).toBe(401);
  });
});
