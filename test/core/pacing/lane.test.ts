// One key's queue on its own: who is served, who is failed, and what the service's pause and
// budget allow, with the clock passed in.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LevelledLogger } from '../../../src/core/config/logger.js';
import { type Grant, Lane, type Waiter } from '../../../src/core/pacing/lane.js';

afterEach(() => {
  vi.useRealTimers();
});

const quiet: LevelledLogger = { debug: undefined, info: undefined, warn: undefined, error: undefined };
const attempt = { granted: true as const, id: 'm1', used: [3] };

function waiter(deadline = Number.POSITIVE_INFINITY, since = 0) {
  const seen: { grant?: Grant; error?: unknown; detached: number } = { detached: 0 };
  const w: Waiter = {
    resolve: (grant) => {
      seen.grant = grant;
    },
    reject: (error) => {
      seen.error = error;
    },
    deadline,
    since,
    detach: () => {
      seen.detached++;
    },
  };
  return { w, seen };
}

describe('Lane', () => {
  it('grants to the head of the queue, in order, counting grants and what it waited', () => {
    const lane = new Lane('k');
    const a = waiter(Number.POSITIVE_INFINITY, 100);
    const b = waiter(Number.POSITIVE_INFINITY, 100);
    lane.queue.push(a.w, b.w);
    const settle = vi.fn(async () => {});
    lane.grant(attempt, 150, settle, quiet);
    expect(a.seen.grant).toMatchObject({ lane, used: [3], seq: 0, waitedMs: 0 });
    expect(a.seen.detached).toBe(1);
    b.w.waited = true;
    lane.grant(attempt, 350, settle, quiet);
    expect(b.seen.grant).toMatchObject({ seq: 1, waitedMs: 250 });
    expect(lane.granted).toBe(2);
    expect(lane.queue).toEqual([]);
  });

  it('logs a wait at debug, and only a real one', () => {
    const lines: unknown[][] = [];
    const log = { ...quiet, debug: (...args: unknown[]) => lines.push(args) };
    const lane = new Lane('k');
    const a = waiter(Number.POSITIVE_INFINITY, 100);
    a.w.waited = true;
    const b = waiter(Number.POSITIVE_INFINITY, 100);
    lane.queue.push(a.w, b.w);
    lane.grant(attempt, 400, async () => {}, log);
    expect(lines).toEqual([['credit-platform: waited 300 ms for a rate-limit slot', { waitedMs: 300, queued: 1 }]]);
    lane.grant(attempt, 400, async () => {}, log);
    expect(lines).toHaveLength(1);
  });

  it('a slot granted with nobody left to take it is settled at once; a grant settles only once', async () => {
    const lane = new Lane('k');
    const settle = vi.fn(async () => {});
    lane.grant(attempt, 0, settle, quiet);
    expect(settle).toHaveBeenCalledTimes(1);
    const a = waiter();
    lane.queue.push(a.w);
    const own = vi.fn(async () => {});
    lane.grant(attempt, 0, own, quiet);
    await a.seen.grant?.settle();
    await a.seen.grant?.settle();
    expect(own).toHaveBeenCalledTimes(1);
  });

  it('fails at once every waiter whose deadline comes before the wait ends, and keeps the others', () => {
    const lane = new Lane('k');
    const early = waiter(1_099);
    const exact = waiter(1_100);
    const late = waiter(5_000);
    lane.queue.push(early.w, exact.w, late.w);
    lane.expire(1_100, 1_000, (_w, leftMs) => new Error(`left ${leftMs}`));
    expect((early.seen.error as Error).message).toBe('left 99');
    expect(early.seen.detached).toBe(1);
    expect(exact.seen.error).toBeUndefined();
    expect(lane.queue).toEqual([exact.w, late.w]);
  });

  it('failAll rejects and detaches every waiter and empties the queue', () => {
    const lane = new Lane('k');
    const a = waiter();
    const b = waiter();
    lane.queue.push(a.w, b.w);
    const error = new Error('store down');
    lane.failAll(error);
    expect([a.seen.error, b.seen.error, a.seen.detached, b.seen.detached]).toEqual([error, error, 1, 1]);
    expect(lane.queue).toEqual([]);
  });

  it('a pause only ever extends; the lane is blocked until it ends', () => {
    const lane = new Lane('k');
    expect(lane.blockedUntil(500)).toBe(500);
    lane.pauseUntil(2_000);
    lane.pauseUntil(1_000);
    expect(lane.blockedUntil(500)).toBe(2_000);
    expect(lane.blockedUntil(3_000)).toBe(3_000);
  });

  it("the service's budget: adopted only while it lasts, spent by grants, gone at its end", () => {
    const lane = new Lane('k');
    lane.adopt(1, 1_000, 1_000);
    expect(lane.budgetLeft(0)).toBe(Number.POSITIVE_INFINITY);
    expect(lane.budgetUntil()).toBe(0);
    lane.adopt(1, 2_000, 1_000);
    expect([lane.budgetLeft(1_999), lane.budgetLeft(2_000)]).toEqual([1, Number.POSITIVE_INFINITY]);
    expect(lane.budgetUntil()).toBe(2_000);
    expect(lane.budgetExhausted(1_500)).toBe(false);
    lane.queue.push(waiter().w);
    lane.grant(attempt, 1_500, async () => {}, quiet);
    expect(lane.budgetLeft(1_500)).toBe(0);
    expect(lane.budgetExhausted(1_500)).toBe(true);
    expect(lane.budgetExhausted(2_000)).toBe(false);
    expect(lane.budgetUntil()).toBe(0);
    lane.adopt(0, 3_000, 2_000);
    expect(lane.budgetExhausted(2_500)).toBe(true);
    lane.clearBudget();
    expect([lane.budgetExhausted(2_500), lane.budgetUntil()]).toEqual([false, 0]);
  });

  it('sleeps its time, or ends the sleep when the last waiter leaves; the waiters then count as waiting', async () => {
    vi.useFakeTimers();
    const lane = new Lane('k');
    const a = waiter();
    lane.queue.push(a.w);
    let woke = false;
    const sleeping = lane.sleep(1_000).then(() => {
      woke = true;
    });
    expect(a.w.waited).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(woke).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(woke).toBe(true);
    await sleeping;
    lane.remove(a.w);

    const b = waiter();
    const c = waiter();
    lane.queue.push(b.w, c.w);
    woke = false;
    const again = lane.sleep(60_000).then(() => {
      woke = true;
    });
    lane.remove(b.w);
    await Promise.resolve();
    expect(woke).toBe(false);
    expect(b.seen.detached).toBe(1);
    lane.remove(c.w);
    await again;
    expect(woke).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    lane.remove(c.w);
    expect(c.seen.detached).toBe(2);
  });
});
