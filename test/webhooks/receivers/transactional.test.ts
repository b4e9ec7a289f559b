// A receiver under a transactional store: the store records the event id and runs the callback in
// one transaction, and the answer follows from how that transaction ended. A fake store stands in
// for the database (test/postgres runs the same contract on a real PostgreSQL).
import { describe, expect, it, vi } from 'vitest';
import {
  createSignedWebhookDelivery,
  createWebhookReceiver,
  type TransactionalWebhookStore,
  type WebhookTransactionOutcome,
} from '../../../src/webhooks/index.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

interface FakeDb {
  readonly writes: string[];
}

/** A store whose transaction records committed ids, runs `handle` with a connection, and can be made to fail. */
function fakeStore(fail: { begin?: Error; commit?: Error; outcome?: WebhookTransactionOutcome } = {}) {
  const committed: string[] = [];
  const store: TransactionalWebhookStore<FakeDb> = {
    claim: vi.fn(() => 'claimed' as const),
    complete: vi.fn(),
    release: vi.fn(),
    async transaction(eventId, handle) {
      if (fail.begin) throw fail.begin;
      if (fail.outcome) return fail.outcome;
      if (committed.includes(eventId)) return 'duplicate';
      const db: FakeDb = { writes: [] };
      await handle(db); // a rejection rolls back: nothing is committed
      if (fail.commit) throw fail.commit;
      committed.push(eventId);
      return 'processed';
    },
  };
  return { store, committed };
}

function delivery(id = 'evt_tx_1') {
  const d = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET, id });
  return { body: d.body, signature: d.headers['x-webhook-signature'], event: d.event };
}

describe('createWebhookReceiver with a transactional store', () => {
  it('runs the callback with the transaction connection, answers 200 after the commit, and a redelivery is a duplicate', async () => {
    const { store, committed } = fakeStore();
    const seen: FakeDb[] = [];
    const onError = vi.fn();
    const receive = createWebhookReceiver({
      secret: SECRET,
      store,
      onError,
      on: { 'deposit.created': (_event, { db }) => void seen.push(db) },
    });
    const d = delivery();
    const first = await receive(d);
    expect([first.status, first.outcome, first.event]).toEqual([200, 'processed', d.event]);
    expect(seen).toEqual([{ writes: [] }]);
    expect(committed).toEqual(['evt_tx_1']);
    const again = await receive(d);
    expect([again.status, again.outcome, again.body]).toEqual([200, 'duplicate', '{"received":true,"duplicate":true}']);
    expect(seen).toHaveLength(1);
    // The store's own transaction replaces claim, complete and release.
    expect([store.claim, store.complete, store.release].map((fn) => (fn as ReturnType<typeof vi.fn>).mock.calls.length)).toEqual([
      0, 0, 0,
    ]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('runs onUnknownEvent with the connection too', async () => {
    const { store } = fakeStore();
    const onUnknownEvent = vi.fn();
    const receive = createWebhookReceiver({ secret: SECRET, store, onUnknownEvent });
    const d = createSignedWebhookDelivery({ type: 'loan.created', data: {}, secret: SECRET, id: 'evt_tx_unknown' });
    expect((await receive({ body: d.body, signature: d.headers['x-webhook-signature'] })).status).toBe(200);
    expect(onUnknownEvent).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ rawType: 'loan.created' }), {
      db: { writes: [] },
    });
  });

  it('answers 503 in_progress, with Retry-After, when another attempt holds the id', async () => {
    const { store } = fakeStore({ outcome: 'in_progress' });
    const onDeposit = vi.fn();
    const result = await createWebhookReceiver({ secret: SECRET, store, on: { 'deposit.created': onDeposit } })(delivery());
    expect([result.status, result.outcome, result.headers['retry-after']]).toEqual([503, 'in_progress', '60']);
    expect(onDeposit).not.toHaveBeenCalled();
  });

  it('a callback that throws is a 500: rolled back, its own error reported with the event', async () => {
    const { store, committed } = fakeStore();
    const onError = vi.fn();
    const failure = new Error('ledger write failed');
    const receive = createWebhookReceiver({
      secret: SECRET,
      store,
      onError,
      on: {
        'deposit.created': () => {
          throw failure;
        },
      },
    });
    const d = delivery();
    const result = await receive(d);
    expect([result.status, result.outcome, result.event]).toEqual([500, 'handler_error', d.event]);
    expect(onError).toHaveBeenCalledExactlyOnceWith(failure, d.event);
    expect(committed).toEqual([]);
  });

  it('a callback that rejects is a 500 too', async () => {
    const { store } = fakeStore();
    const onError = vi.fn();
    const failure = new Error('async failure');
    const receive = createWebhookReceiver({
      secret: SECRET,
      store,
      onError,
      on: { 'deposit.created': async () => Promise.reject(failure) },
    });
    expect((await receive(delivery())).outcome).toBe('handler_error');
    expect(onError).toHaveBeenCalledExactlyOnceWith(failure, expect.objectContaining({ id: 'evt_tx_1' }));
  });

  it.each<[string, { begin?: Error; commit?: Error }, Error]>([
    ['before the callback (BEGIN)', { begin: new Error('connection refused') }, new Error('connection refused')],
    ['after the callback (COMMIT)', { commit: new Error('commit failed') }, new Error('commit failed')],
  ])('a store failure %s is a 503 store_error, reported as the store error', async (_when, fail, reported) => {
    const { store } = fakeStore(fail);
    const onError = vi.fn();
    const onDeposit = vi.fn();
    const d = delivery();
    const result = await createWebhookReceiver({ secret: SECRET, store, onError, on: { 'deposit.created': onDeposit } })(d);
    expect([result.status, result.outcome, result.headers['retry-after'], result.event]).toEqual([
      503,
      'store_error',
      '60',
      d.event,
    ]);
    expect(onError).toHaveBeenCalledExactlyOnceWith(reported, d.event);
  });
});
