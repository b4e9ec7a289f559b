import { describe, expect, it } from 'vitest';
import { createMemoryDedupStore, WebhookDedupStoreFullError } from '../../../src/webhooks/index.js';

function clock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('createMemoryDedupStore', () => {
  it('claims once, reports in_progress, then completed', () => {
    const store = createMemoryDedupStore();
    expect(store.claim('evt_1')).toBe('claimed');
    expect(store.claim('evt_1')).toBe('in_progress');
    store.complete('evt_1');
    expect(store.claim('evt_1')).toBe('completed');
    expect(store.claim('evt_2')).toBe('claimed');
  });

  it('lets a released claim be claimed again, but never releases a completion', () => {
    const store = createMemoryDedupStore();
    store.claim('evt_1');
    store.release('evt_1');
    expect(store.claim('evt_1')).toBe('claimed');
    store.complete('evt_1');
    store.release('evt_1');
    expect(store.claim('evt_1')).toBe('completed');
  });

  it('expires a claim after its lease, so a hung handler does not block the id forever', () => {
    const c = clock();
    const store = createMemoryDedupStore({ now: c.now, leaseMs: 1_000, ttlMs: 10_000 });
    store.claim('evt_1');
    c.advance(999);
    expect(store.claim('evt_1')).toBe('in_progress');
    c.advance(1);
    expect(store.claim('evt_1')).toBe('claimed');
  });

  it('when full of live ids, refuses a new claim with WebhookDedupStoreFullError and forgets none of them', () => {
    const store = createMemoryDedupStore({ maxEntries: 2 });
    for (const id of ['evt_1', 'evt_2']) {
      store.claim(id);
      store.complete(id);
    }
    expect(() => store.claim('evt_3')).toThrow(WebhookDedupStoreFullError);
    expect(() => store.claim('evt_3')).toThrow(
      expect.objectContaining({ maxEntries: 2, message: expect.stringMatching(/maxEntries \(2\)/) }),
    );
    expect(store.claim('evt_1')).toBe('completed');
    expect(store.claim('evt_2')).toBe('completed');
  });

  it('when full, makes room by dropping expired ids only: completions past ttlMs, claims past their lease', () => {
    const c = clock();
    const store = createMemoryDedupStore({ maxEntries: 2, ttlMs: 10_000, leaseMs: 1_000, now: c.now });
    store.claim('evt_done');
    store.complete('evt_done');
    c.advance(5_000);
    store.claim('evt_hung'); // a handler that never settled: its claim lapses after 1 s
    expect(() => store.claim('evt_new')).toThrow(WebhookDedupStoreFullError);
    c.advance(1_000);
    expect(store.claim('evt_new')).toBe('claimed');
    expect(store.claim('evt_done')).toBe('completed');
    expect(() => store.claim('evt_hung')).toThrow(WebhookDedupStoreFullError);
    c.advance(4_000);
    expect(store.claim('evt_hung')).toBe('claimed');
  });

  it('rejects a non-positive ttl', () => {
    expect(() => createMemoryDedupStore({ ttlMs: 0 })).toThrow(RangeError);
    expect(() => createMemoryDedupStore({ leaseMs: Number.NaN })).toThrow(/leaseMs/);
  });
});
