// A handler slower than the claim's lease: the receiver renews the claim while the handler runs,
// so the service's retry meanwhile is answered 503 in_progress and the handler runs once. When the
// renewals stop (the process died), the lease runs out and the retry runs it. Fake timers: the
// store's clock, the renewal timer and the handler's work all move together.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createMemoryDedupStore,
  createSignedWebhookDelivery,
  createWebhookHandler,
  createWebhookReceiver,
  type WebhookDedupStore,
} from '../../../src/webhooks/index.js';
import { checkLease, withLeaseRenewal } from '../../../src/webhooks/receivers/lease-renewal.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

afterEach(() => {
  vi.useRealTimers();
});

function post(delivery: { body: string; headers: Record<string, string> }) {
  return new Request('http://127.0.0.1/webhooks', { method: 'POST', body: delivery.body, headers: delivery.headers });
}

/** A receiver whose handler takes `workMs` (fake time); `started(n)` resolves when run `n` begins. */
function slowReceiver(store: WebhookDedupStore, workMs: number, onError = vi.fn()) {
  const runs: (() => void)[] = [];
  const waiting = new Map<number, () => void>();
  const handler = createWebhookHandler({
    secret: SECRET,
    store,
    onError,
    on: {
      'deposit.created': async () => {
        runs.push(() => undefined);
        waiting.get(runs.length)?.();
        await new Promise((resolve) => setTimeout(resolve, workMs));
      },
    },
  });
  const started = (n: number) => (runs.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(n, resolve)));
  return { handler, firstRun: started(1), started, runs: () => runs.length, onError };
}

function fakeTime() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
}

describe('a handler slower than the lease (memory store, leaseMs 300, an 800 ms handler)', () => {
  it('runs once: the retry at 400 ms is answered 503 in_progress, the one after it finished 200 duplicate', async () => {
    fakeTime();
    const store = createMemoryDedupStore({ leaseMs: 300 });
    const { handler, firstRun, runs, onError } = slowReceiver(store, 800);
    const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    const first = handler(post(delivery));
    await firstRun;
    await vi.advanceTimersByTimeAsync(400);
    const retry = await handler(post(delivery));
    expect([retry.status, await retry.json(), retry.headers.get('retry-after')]).toEqual([503, { error: 'in_progress' }, '60']);
    await vi.advanceTimersByTimeAsync(400);
    expect((await first).status).toBe(200);
    const after = await handler(post(delivery));
    expect([after.status, await after.json()]).toEqual([200, { received: true, duplicate: true }]);
    expect(runs()).toBe(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('stops renewing when the handler settles, so the claim is no longer touched', async () => {
    fakeTime();
    const memory = createMemoryDedupStore({ leaseMs: 300 });
    const renew = vi.fn((id: string) => memory.renew(id));
    const { handler, firstRun } = slowReceiver({ ...memory, renew }, 800);
    const first = handler(post(createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET })));
    await firstRun;
    await vi.advanceTimersByTimeAsync(800);
    expect((await first).status).toBe(200);
    const renewals = renew.mock.calls.length;
    expect(renewals).toBeGreaterThanOrEqual(7); // every 100 ms for 800 ms
    await vi.advanceTimersByTimeAsync(5_000);
    expect(renew).toHaveBeenCalledTimes(renewals);
  });

  it('a lease nobody renews runs out: with renewals stopped (the process died), the retry at 500 ms runs the handler', async () => {
    fakeTime();
    const memory = createMemoryDedupStore({ leaseMs: 300 });
    let renewals = 0;
    // The first renewal reaches the store; then the process is gone and nothing extends the claim.
    const dying: WebhookDedupStore = { ...memory, renew: (id) => (renewals++ === 0 ? memory.renew(id) : true) };
    const { handler, firstRun, started, runs } = slowReceiver(dying, 800);
    const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    const first = handler(post(delivery));
    await firstRun;
    await vi.advanceTimersByTimeAsync(500);
    const retry = handler(post(delivery));
    await started(2);
    await vi.advanceTimersByTimeAsync(800);
    expect((await retry).status).toBe(200);
    expect((await first).status).toBe(200);
    expect(runs()).toBe(2);
  });

  it('tells onError once when a renewal finds the claim gone, and once when renewals fail; the handler still finishes', async () => {
    fakeTime();
    const memory = createMemoryDedupStore({ leaseMs: 300 });
    const lost = slowReceiver({ ...memory, renew: () => false }, 800);
    const failing = slowReceiver(
      {
        ...createMemoryDedupStore({ leaseMs: 300 }),
        renew: () => {
          throw new Error('store down');
        },
      },
      800,
    );
    const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    const answers = [lost.handler(post(delivery)), failing.handler(post(delivery))];
    await Promise.all([lost.firstRun, failing.firstRun]);
    await vi.advanceTimersByTimeAsync(800);
    expect((await Promise.all(answers)).map((answer) => answer.status)).toEqual([200, 200]);
    expect(lost.onError).toHaveBeenCalledOnce();
    expect(lost.onError.mock.calls[0]?.[0].message).toMatch(/claim on webhook event "evt_\w+" ran out .*leaseMs 300/);
    expect(lost.onError.mock.calls[0]?.[1]).toMatchObject({ id: delivery.event.id });
    expect(failing.onError).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ message: 'store down' }),
      expect.anything(),
    );
  });
});

describe('a store with renew() but no usable leaseMs', () => {
  it('is refused when the receiver is created', () => {
    const store: WebhookDedupStore = { ...createMemoryDedupStore(), leaseMs: undefined };
    expect(() => createWebhookReceiver({ secret: SECRET, store })).toThrow(
      /^createWebhookReceiver: the store has renew\(\) but its leaseMs is undefined/,
    );
    expect(() => createWebhookReceiver({ secret: SECRET, store: { ...store, leaseMs: Number.NaN } })).toThrow(TypeError);
    expect(() => createWebhookReceiver({ secret: SECRET, store: { ...store, renew: undefined } })).not.toThrow();
  });
});

describe('a handler that returns no promise', () => {
  it('has finished when it returns: no renewal is asked for and no timer armed', async () => {
    vi.useFakeTimers();
    const memory = createMemoryDedupStore({ leaseMs: 300 });
    const renew = vi.fn(memory.renew);
    const store: WebhookDedupStore = {
      ...memory,
      claim: memory.claim,
      complete: memory.complete,
      release: memory.release,
      renew,
      leaseMs: 300,
    };
    let runs = 0;
    let timersWhileRunning = -1;
    const receive = createWebhookReceiver({
      secret: SECRET,
      store,
      on: {
        'deposit.created': () => {
          runs++;
          timersWhileRunning = vi.getTimerCount();
        },
      },
    });
    const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    const before = vi.getTimerCount();
    const result = await receive({ body: delivery.body, signature: delivery.headers['x-webhook-signature'] });
    expect([result.outcome, runs]).toEqual(['processed', 1]);
    expect([timersWhileRunning, vi.getTimerCount()]).toEqual([before, before]);
    expect(renew).not.toHaveBeenCalled();
  });
});

describe('checkLease and withLeaseRenewal', () => {
  it('take a leaseMs of 3 ms or more, finite; refuse anything else', () => {
    const store = (leaseMs: unknown): WebhookDedupStore => ({ ...createMemoryDedupStore(), leaseMs: leaseMs as number });
    for (const leaseMs of [3, 3.5, 60_000]) expect(() => checkLease(store(leaseMs), 'f')).not.toThrow();
    for (const leaseMs of [2.99, 0, -3, Number.POSITIVE_INFINITY, Number.NaN, '300', null]) {
      expect(() => checkLease(store(leaseMs), 'f')).toThrow(
        new RegExp(`^f: the store has renew\\(\\) but its leaseMs is ${String(leaseMs)};`),
      );
    }
  });

  it('renews every leaseMs / 3, rounded down, one renewal at a time, until the handler settles', async () => {
    fakeTime();
    const renewedAt: number[] = [];
    const start = Date.now();
    const store: WebhookDedupStore = {
      ...createMemoryDedupStore(),
      leaseMs: 302,
      renew: () => {
        renewedAt.push(Date.now() - start);
        return true;
      },
    };
    const report = vi.fn();
    const done = withLeaseRenewal(store, 'evt_1', () => new Promise((resolve) => setTimeout(() => resolve('ok'), 450)), report);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await done).toBe('ok');
    expect(renewedAt).toEqual([100, 200, 300, 400]);
    expect(report).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs the handler as it is without renew or without leaseMs, and passes its rejection on', async () => {
    const failure = new Error('handler failed');
    for (const store of [
      { ...createMemoryDedupStore(), renew: undefined },
      { ...createMemoryDedupStore(), leaseMs: undefined },
    ]) {
      expect(await withLeaseRenewal(store, 'evt_1', () => Promise.resolve(7), vi.fn())).toBe(7);
      await expect(withLeaseRenewal(store, 'evt_1', () => Promise.reject(failure), vi.fn())).rejects.toBe(failure);
    }
    await expect(withLeaseRenewal(createMemoryDedupStore(), 'evt_1', () => Promise.reject(failure), vi.fn())).rejects.toBe(
      failure,
    );
  });

  it('reports a renewal that resolves false once, and stops renewing', async () => {
    fakeTime();
    const renew = vi.fn(async () => false);
    const report = vi.fn();
    const store: WebhookDedupStore = { ...createMemoryDedupStore(), leaseMs: 300, renew };
    const done = withLeaseRenewal(store, 'evt_\u001b[2J', () => new Promise((resolve) => setTimeout(resolve, 1_000)), report);
    await vi.advanceTimersByTimeAsync(1_000);
    await done;
    expect(renew).toHaveBeenCalledOnce();
    expect(report).toHaveBeenCalledOnce();
    expect(report.mock.calls[0]?.[0].message).toContain('"evt_\\u001b[2J"');
  });
});
