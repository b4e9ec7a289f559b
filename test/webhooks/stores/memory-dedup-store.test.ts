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

  it('when full, forgets its oldest completed id to make room, and keeps the others', () => {
    const c = clock();
    const store = createMemoryDedupStore({ maxEntries: 3, now: c.now });
    for (const id of ['evt_1', 'evt_2', 'evt_3']) {
      store.claim(id);
      store.complete(id);
      c.advance(1_000);
    }
    expect(store.claim('evt_4')).toBe('claimed');
    expect(store.claim('evt_2')).toBe('completed');
    expect(store.claim('evt_3')).toBe('completed');
    expect(store.claim('evt_4')).toBe('in_progress');
    expect(store.claim('evt_1')).toBe('claimed'); // forgotten: the oldest, so it made room for evt_4; evt_2 goes now
    expect(store.claim('evt_3')).toBe('completed');
    expect(store.claim('evt_2')).toBe('claimed');
  });

  it('when full, never forgets a claim in progress: only a store full of claims throws WebhookDedupStoreFullError', () => {
    const store = createMemoryDedupStore({ maxEntries: 2 });
    store.claim('evt_1');
    store.claim('evt_2');
    expect(() => store.claim('evt_3')).toThrow(WebhookDedupStoreFullError);
    expect(() => store.claim('evt_3')).toThrow(
      expect.objectContaining({
        maxEntries: 2,
        message: expect.stringMatching(/maxEntries \(2\).*claims whose handlers are still running/),
      }),
    );
    expect(store.claim('evt_1')).toBe('in_progress');
    expect(store.claim('evt_2')).toBe('in_progress');
    store.complete('evt_1');
    expect(store.claim('evt_3')).toBe('claimed'); // evt_1's completion was the one to go
    expect(store.claim('evt_2')).toBe('in_progress');
  });

  it('when full, drops expired ids before forgetting a live one', () => {
    const c = clock();
    const store = createMemoryDedupStore({ maxEntries: 2, ttlMs: 10_000, now: c.now });
    store.claim('evt_old');
    store.complete('evt_old');
    c.advance(5_000);
    store.claim('evt_live');
    store.complete('evt_live');
    c.advance(5_000); // evt_old has expired, evt_live has 5 s left
    expect(store.claim('evt_new')).toBe('claimed');
    expect(store.claim('evt_live')).toBe('completed');
  });

  it('renews a live claim by leaseMs from now, and nothing else', () => {
    const c = clock();
    const store = createMemoryDedupStore({ now: c.now, leaseMs: 1_000 });
    expect(store.leaseMs).toBe(1_000);
    store.claim('evt_1');
    c.advance(900);
    expect(store.renew('evt_1')).toBe(true);
    c.advance(900);
    expect(store.claim('evt_1')).toBe('in_progress'); // 1 800 ms after the claim, 900 after the renewal
    c.advance(100);
    expect(store.claim('evt_1')).toBe('claimed'); // a lease that nobody renewed ran out
    expect(store.renew('evt_unknown')).toBe(false);
    store.complete('evt_1');
    expect(store.renew('evt_1')).toBe(false);
    store.claim('evt_2');
    c.advance(1_000);
    expect(store.renew('evt_2')).toBe(false);
    expect(createMemoryDedupStore().leaseMs).toBe(300_000);
  });

  it('rejects a non-positive ttl', () => {
    expect(() => createMemoryDedupStore({ ttlMs: 0 })).toThrow(RangeError);
    expect(() => createMemoryDedupStore({ leaseMs: Number.NaN })).toThrow(/leaseMs/);
  });
  it('remembers a completion for ttlMs, 72 h 5 min by default, and not a millisecond longer', () => {
    expect(createMemoryDedupStore().retentionMs).toBe(72 * 3_600_000 + 5 * 60_000);
    const c = clock();
    const store = createMemoryDedupStore({ now: c.now, ttlMs: 10_000 });
    expect(store.retentionMs).toBe(10_000);
    store.claim('evt_1');
    store.complete('evt_1');
    c.advance(9_999);
    expect(store.claim('evt_1')).toBe('completed');
    c.advance(1);
    expect(store.claim('evt_1')).toBe('claimed');
  });

  it('counts a completion from when it completed, not from its claim', () => {
    const c = clock();
    const store = createMemoryDedupStore({ now: c.now, ttlMs: 10_000, leaseMs: 60_000 });
    store.claim('evt_1');
    c.advance(50_000);
    store.complete('evt_1');
    c.advance(9_999);
    expect(store.claim('evt_1')).toBe('completed');
  });

  it('when full, lets an expired claim be claimed again without forgetting anything else', () => {
    const c = clock();
    const store = createMemoryDedupStore({ maxEntries: 2, leaseMs: 1_000, now: c.now });
    store.claim('evt_1');
    c.advance(500);
    store.claim('evt_2');
    c.advance(500); // evt_1's lease ran out; evt_2's has 500 ms left
    expect(store.claim('evt_1')).toBe('claimed');
    expect(store.claim('evt_2')).toBe('in_progress');
  });

  it('when full of completions, forgets exactly one per new id, the oldest', () => {
    const c = clock();
    const store = createMemoryDedupStore({ maxEntries: 3, now: c.now });
    for (const id of ['evt_1', 'evt_2', 'evt_3']) {
      store.claim(id);
      store.complete(id);
    }
    // A completion re-recorded moves to the back: evt_1 is now the newest.
    store.complete('evt_1');
    expect(store.claim('evt_4')).toBe('claimed');
    expect(store.claim('evt_3')).toBe('completed');
    expect(store.claim('evt_1')).toBe('completed');
    expect(store.claim('evt_2')).toBe('claimed');
  });

  it('keeps a renewed claim until leaseMs after the renewal, exactly', () => {
    const c = clock();
    const store = createMemoryDedupStore({ now: c.now, leaseMs: 1_000 });
    store.claim('evt_1');
    c.advance(999);
    expect(store.renew('evt_1')).toBe(true);
    c.advance(999);
    expect(store.claim('evt_1')).toBe('in_progress');
    c.advance(1);
    expect(store.renew('evt_1')).toBe(false);
    expect(store.claim('evt_1')).toBe('claimed');
  });

  it('refuses every option that is not a positive number, naming it', () => {
    for (const name of ['ttlMs', 'leaseMs', 'maxEntries'] as const) {
      for (const value of [0, -1, Number.NaN]) {
        expect(() => createMemoryDedupStore({ [name]: value })).toThrow(
          new RangeError(`createMemoryDedupStore: ${name} must be a positive number.`),
        );
      }
      expect(() => createMemoryDedupStore({ [name]: 0.5 })).not.toThrow();
    }
  });
  it('when full, drops a claim whose lease ran out before forgetting a live completion, wherever it sits', () => {
    const c = clock();
    const store = createMemoryDedupStore({ maxEntries: 3, leaseMs: 1_000, ttlMs: 100_000, now: c.now });
    store.claim('evt_done');
    store.complete('evt_done');
    store.claim('evt_hung'); // its handler never settles
    store.claim('evt_running');
    c.advance(900);
    expect(store.renew('evt_running')).toBe(true);
    c.advance(100); // evt_hung's lease ends now, so it has run out; evt_running's was renewed
    expect(store.claim('evt_new')).toBe('claimed');
    expect(store.claim('evt_done')).toBe('completed');
    expect(store.claim('evt_running')).toBe('in_progress');
    expect(store.claim('evt_new')).toBe('in_progress');
    // Full again, of live ids only: the oldest completion goes, never a live claim.
    expect(store.claim('evt_next')).toBe('claimed');
    expect(store.claim('evt_running')).toBe('in_progress');
    expect(store.claim('evt_new')).toBe('in_progress');
    // evt_done is forgotten, and the store is full of live claims.
    expect(() => store.claim('evt_done')).toThrow(WebhookDedupStoreFullError);
  });

  it('when full, makes room by released and completed claims alike', () => {
    const store = createMemoryDedupStore({ maxEntries: 2 });
    store.claim('evt_1');
    store.claim('evt_2');
    store.release('evt_1');
    expect(store.claim('evt_3')).toBe('claimed');
    expect(() => store.claim('evt_4')).toThrow(WebhookDedupStoreFullError);
    store.complete('evt_2');
    expect(store.claim('evt_4')).toBe('claimed');
    expect(store.claim('evt_3')).toBe('in_progress');
    expect(() => store.claim('evt_2')).toThrow(WebhookDedupStoreFullError);
  });
});
