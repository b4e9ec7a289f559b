import { describe, expect, it } from 'vitest';
import { createMemoryDedupStore } from '../../src/webhooks/index.js';

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

  it('keeps completions 72 h by default, then forgets them', () => {
    const c = clock();
    const store = createMemoryDedupStore({ now: c.now });
    store.claim('evt_1');
    store.complete('evt_1');
    c.advance(72 * 3_600_000 - 1);
    expect(store.claim('evt_1')).toBe('completed');
    c.advance(1);
    expect(store.claim('evt_1')).toBe('claimed');
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

  it('bounds its size by dropping the oldest ids', () => {
    const store = createMemoryDedupStore({ maxEntries: 2 });
    for (const id of ['evt_1', 'evt_2', 'evt_3']) {
      store.claim(id);
      store.complete(id);
    }
    expect(store.claim('evt_3')).toBe('completed');
    expect(store.claim('evt_1')).toBe('claimed');
  });

  it('rejects a non-positive ttl', () => {
    expect(() => createMemoryDedupStore({ ttlMs: 0 })).toThrow(RangeError);
    expect(() => createMemoryDedupStore({ leaseMs: Number.NaN })).toThrow(/leaseMs/);
  });
});
