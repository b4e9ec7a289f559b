// A receiver whose in-memory store is full. Refusing until ids expired would answer 503 for up to
// 72 h, while the service gives up after its sixth attempt (14 h 36 min): the event would be lost.
// So a full store forgets its oldest completion; only a store full of claims in progress answers
// 503, and says why through onError.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createMemoryDedupStore,
  createSignedWebhookDelivery,
  createWebhookHandler,
  WEBHOOK_RETRY_SCHEDULE,
  WebhookDedupStoreFullError,
} from '../../../src/webhooks/index.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

afterEach(() => {
  vi.useRealTimers();
});

function deposit() {
  return createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
}

function post(delivery: { body: string; headers: Record<string, string> }) {
  return new Request('http://127.0.0.1/webhooks', { method: 'POST', body: delivery.body, headers: delivery.headers });
}

describe('a receiver whose memory store is full', () => {
  it('handles a new event at once, within the service retry schedule, and still knows the newer ids', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
    const onDeposit = vi.fn();
    const onError = vi.fn();
    const handler = createWebhookHandler({
      secret: SECRET,
      on: { 'deposit.created': onDeposit },
      onError,
      store: createMemoryDedupStore({ maxEntries: 2 }),
    });
    const [first, second] = [deposit(), deposit()];
    expect((await handler(post(first))).status).toBe(200);
    vi.setSystemTime(Date.now() + 60_000);
    expect((await handler(post(second))).status).toBe(200);

    // The service's attempts at a third event, on its schedule: the first one must be handled.
    const third = deposit();
    const statuses: number[] = [];
    for (const delay of WEBHOOK_RETRY_SCHEDULE) {
      vi.setSystemTime(Date.now() + delay);
      const answer = await handler(post(third));
      statuses.push(answer.status);
      if (answer.status === 200) break;
    }
    expect(statuses).toEqual([200]);
    expect(onError).not.toHaveBeenCalled();

    const replay = await handler(post(second));
    expect([replay.status, await replay.json()]).toEqual([200, { received: true, duplicate: true }]);
    expect(onDeposit.mock.calls.map(([event]) => event.id)).toEqual([first.event.id, second.event.id, third.event.id]);
  });

  it('full of claims in progress, answers 503 with Retry-After and reports WebhookDedupStoreFullError through onError', async () => {
    const onError = vi.fn();
    let started = 0;
    let finish!: () => void;
    const busy = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const handler = createWebhookHandler({
      secret: SECRET,
      on: {
        'deposit.created': () => {
          started++;
          return busy;
        },
      },
      onError,
      store: createMemoryDedupStore({ maxEntries: 2 }),
    });
    const running = [handler(post(deposit())), handler(post(deposit()))];
    await vi.waitFor(() => expect(started).toBe(2));
    const third = deposit();
    const full = await handler(post(third));
    expect(full.status).toBe(503);
    expect(full.headers.get('retry-after')).toBe('60');
    expect(onError).toHaveBeenCalledExactlyOnceWith(expect.any(WebhookDedupStoreFullError), third.event);
    finish();
    expect((await Promise.all(running)).map((answer) => answer.status)).toEqual([200, 200]);
    expect((await handler(post(third))).status).toBe(200);
  });
});
