// A receiver whose in-memory store is full of ids still inside their retention: it never forgets
// one of them to make room (a replay would run again); it answers 503 and says why through onError.
import { describe, expect, it, vi } from 'vitest';
import {
  createMemoryDedupStore,
  createSignedWebhookDelivery,
  createWebhookHandler,
  WebhookDedupStoreFullError,
} from '../../../src/webhooks/index.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

function deposit() {
  return createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
}

function post(delivery: { body: string; headers: Record<string, string> }) {
  return new Request('http://127.0.0.1/webhooks', { method: 'POST', body: delivery.body, headers: delivery.headers });
}

describe('a receiver whose memory store is full', () => {
  it('answers 503 with Retry-After, reports the full store through onError, and still knows every id it holds', async () => {
    const onDeposit = vi.fn();
    const onError = vi.fn();
    const handler = createWebhookHandler({
      secret: SECRET,
      on: { 'deposit.created': onDeposit },
      onError,
      store: createMemoryDedupStore({ maxEntries: 2 }),
    });
    const [first, second, third] = [deposit(), deposit(), deposit()];
    expect((await handler(post(first))).status).toBe(200);
    expect((await handler(post(second))).status).toBe(200);

    const full = await handler(post(third));
    expect(full.status).toBe(503);
    expect(full.headers.get('retry-after')).toBe('60');
    expect(onError).toHaveBeenCalledExactlyOnceWith(expect.any(WebhookDedupStoreFullError), third.event);
    expect(onError.mock.calls[0]?.[0].message).toMatch(/maxEntries \(2\)/);

    const replay = await handler(post(first));
    expect([replay.status, await replay.json()]).toEqual([200, { received: true, duplicate: true }]);
    expect(onDeposit).toHaveBeenCalledTimes(2);
    expect(onDeposit.mock.calls.map(([event]) => event.id)).toEqual([first.event.id, second.event.id]);
  });
});
