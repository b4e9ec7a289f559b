// The in-memory sliding windows on a controlled clock: exact counts, waits and settling.
import { describe, expect, it } from 'vitest';
import { MemoryPacingStore } from '../../../src/core/pacing/memory-store.js';

function store() {
  let now = 1_000_000;
  const s = new MemoryPacingStore(() => now);
  const advance = (ms: number) => {
    now += ms;
  };
  return { s, advance };
}

const grantId = (attempt: ReturnType<MemoryPacingStore['acquire']>) => (attempt.granted ? attempt.id : '');

describe('MemoryPacingStore', () => {
  it('grants up to the limit, then says how long until the oldest settled slot leaves', () => {
    const { s, advance } = store();
    const limits = [{ requests: 2, perMs: 1_000 }];
    const a = s.acquire('k', limits);
    s.settle('k', grantId(a));
    advance(300);
    const b = s.acquire('k', limits);
    s.settle('k', grantId(b));
    expect([a.granted, b.granted]).toEqual([true, true]);
    expect(s.acquire('k', limits)).toEqual({ granted: false, waitMs: 700, used: [2] });
    advance(700);
    expect(s.acquire('k', limits)).toMatchObject({ granted: true, used: [2] });
  });

  it('enforces every window; the longest binds once the short one has room', () => {
    const { s, advance } = store();
    const limits = [
      { requests: 2, perMs: 100 },
      { requests: 3, perMs: 10_000 },
    ];
    for (let i = 0; i < 3; i++) {
      const attempt = s.acquire('k', limits);
      expect(attempt.granted).toBe(true);
      s.settle('k', grantId(attempt));
      advance(100);
    }
    expect(s.peek('k', limits)).toEqual({ waitMs: 10_000 - 300, used: [0, 3] });
  });

  it('a slot in flight stays in the window until settled, then counts from its settling', () => {
    const { s, advance } = store();
    const limits = [{ requests: 1, perMs: 1_000 }];
    const slot = s.acquire('k', limits);
    advance(5_000);
    expect(s.acquire('k', limits)).toEqual({ granted: false, waitMs: 1_000, used: [1] });
    s.settle('k', grantId(slot));
    advance(999);
    expect(s.acquire('k', limits).granted).toBe(false);
    advance(1);
    expect(s.acquire('k', limits).granted).toBe(true);
  });

  it('keeps what the longest window it was ever asked about can see, whatever the windows of one call', () => {
    const { s, advance } = store();
    const day = [{ requests: 5, perMs: 200_000 }];
    const second = [{ requests: 5, perMs: 1_000 }];
    const slot = s.acquire('k', day);
    s.settle('k', grantId(slot));
    advance(100_000);
    expect(s.peek('k', second).used).toEqual([0]);
    expect(s.peek('k', day).used).toEqual([1]);
    advance(160_000);
    expect(s.peek('k', day).used).toEqual([0]);
  });

  it('keeps keys apart', () => {
    const { s } = store();
    const limits = [{ requests: 1, perMs: 1_000 }];
    expect(s.acquire('a', limits).granted).toBe(true);
    expect(s.acquire('b', limits).granted).toBe(true);
    expect(s.acquire('a', limits).granted).toBe(false);
  });
});
