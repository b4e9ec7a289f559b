// What the pacer learns from responses (a 429, the X-RateLimit headers), on a fake clock with the
// in-memory store: when the next request may go, and what pacingState reports meanwhile.
import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LevelledLogger } from '../../../src/core/config/logger.js';
import { MemoryPacingStore } from '../../../src/core/pacing/memory-store.js';
import type { Grant } from '../../../src/core/pacing/lane.js';
import { Pacer } from '../../../src/core/pacing/pacer.js';
import type { PacingLimit } from '../../../src/core/pacing/types.js';
import { PacingTimeoutError } from '../../../src/errors/index.js';
import { rateLimited } from '../../helpers/rate-limit-response.js';

const KEY = 'cp_test_SECRET_feedback_key';
// A whole second, so X-RateLimit-Reset (whole seconds) can name exact instants.
const T0 = 1_800_000_000_000;
const silent: LevelledLogger = { debug: undefined, info: undefined, warn: undefined, error: undefined };

/** A pacer whose hash of KEY is ready, so a call queues at once on the fake clock. */
async function pacerFor(limits: readonly PacingLimit[], log: LevelledLogger = silent): Promise<Pacer> {
  const pacer = new Pacer(limits, new MemoryPacingStore(), log);
  await pacer.state(KEY);
  return pacer;
}

/** Starts a call; `sentAt()` is the fake-clock instant its slot was granted (undefined while it waits). */
function start(pacer: Pacer) {
  let at: number | undefined;
  const done = pacer.acquire(KEY).then(async (grant) => {
    at = Date.now();
    await grant.settle();
  });
  return { done, sentAt: () => at };
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Pacer feedback from responses', () => {
  it('a 429 pauses the key for its Retry-After (1 s without one); pacingState says so though the window has room', async () => {
    const lines: unknown[] = [];
    const log: LevelledLogger = { debug: (...line) => void lines.push(line), info: undefined, warn: undefined, error: undefined };
    const pacer = await pacerFor([{ requests: 10, perMs: 60_000 }], log);
    const grant = await pacer.acquire(KEY);
    pacer.observe(grant, new Response(null, { status: 429, headers: { 'retry-after': '3' } }));
    expect(lines).toEqual([[expect.stringContaining('429'), { waitMs: 3_000 }]]);
    const paused = await pacer.state(KEY);
    expect(paused.remaining).toBe(0);
    expect(paused.nextSlotAt.getTime()).toBe(T0 + 3_000);
    expect(paused.windows[0]?.remaining).toBe(9);
    const next = start(pacer);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(next.sentAt()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(next.sentAt()).toBe(T0 + 3_000);

    const bare = await pacer.acquire(KEY);
    pacer.observe(bare, new Response(null, { status: 429 }));
    expect((await pacer.state(KEY)).nextSlotAt.getTime()).toBe(T0 + 4_000);
  });

  it('adopts a count one lower than its own: a single request of another client on the key', async () => {
    const pacer = await pacerFor([{ requests: 10, perMs: 60_000 }]);
    const grant = await pacer.acquire(KEY);
    await grant.settle();
    // This pacer counts 1 of 10; the service counts 2 (someone else sent one).
    pacer.observe(grant, rateLimited(200, { limit: 10, remaining: 8, resetAt: T0 + 300_000 }));
    expect((await pacer.state(KEY)).remaining).toBe(8);
    // A reset further out than the window is a skewed clock: the count holds for one window only.
    await vi.advanceTimersByTimeAsync(60_001);
    expect((await pacer.state(KEY)).remaining).toBe(10);
  });

  it('adopts a lower count with its own later requests in flight, counting each of them once', async () => {
    const pacer = await pacerFor([{ requests: 10, perMs: 60_000 }]);
    const grants = [await pacer.acquire(KEY), await pacer.acquire(KEY), await pacer.acquire(KEY)];
    for (const grant of grants) await grant.settle();
    // The service counts this pacer's three and one of another client: 6 left, one fewer than the pacer's 7.
    pacer.observe(grants[1] as Grant, rateLimited(200, { limit: 10, remaining: 6, resetAt: T0 + 60_000 }));
    expect((await pacer.state(KEY)).remaining).toBe(6);
  });

  it('does not adopt a count its own requests explain, though its window has moved on since', async () => {
    const pacer = await pacerFor([{ requests: 2, perMs: 1_000 }]);
    await (await pacer.acquire(KEY)).settle();
    await vi.advanceTimersByTimeAsync(900);
    const grant = await pacer.acquire(KEY); // the window's second slot
    await vi.advanceTimersByTimeAsync(200);
    await grant.settle();
    // The service counted both when it answered; the first has left the window since.
    pacer.observe(grant, rateLimited(200, { limit: 2, remaining: 0, resetAt: T0 + 2_000 }));
    const next = start(pacer);
    await vi.advanceTimersByTimeAsync(0);
    expect(next.sentAt()).toBe(T0 + 1_100);
  });

  describe('a budget from X-RateLimit-* lasts as long as the window the service names', () => {
    // Listed neither shortest first nor longest first.
    const limits = [
      { requests: 100, perMs: 60_000 },
      { requests: 10, perMs: 1_000 },
      { requests: 1_000, perMs: 3_600_000 },
    ];
    async function adopted(limit: number, resetInMs: number, laterMs: number): Promise<[number, number]> {
      const pacer = await pacerFor(limits);
      const grant = await pacer.acquire(KEY);
      await grant.settle();
      pacer.observe(grant, rateLimited(200, { limit, remaining: 5, resetAt: T0 + resetInMs }));
      const now = (await pacer.state(KEY)).remaining;
      await vi.advanceTimersByTimeAsync(laterMs);
      return [now, (await pacer.state(KEY)).remaining];
    }

    it('the first configured window (X-RateLimit-Limit 100): until its reset', async () => {
      expect(await adopted(100, 30_000, 2_000)).toEqual([5, 5]);
    });

    it('the last configured window (X-RateLimit-Limit 1000): until its reset, past the 60 s window', async () => {
      expect(await adopted(1_000, 120_000, 90_000)).toEqual([5, 5]);
    });

    it('a limit no window has: the shortest window, 1 s', async () => {
      expect(await adopted(7, 120_000, 2_000)).toEqual([5, 10]);
    });
  });

  describe('X-RateLimit-Remaining 0 pauses the key until the reset', () => {
    it('when its own window has room, until the reset even within the last second', async () => {
      const pacer = await pacerFor([{ requests: 10, perMs: 60_000 }]);
      const grant = await pacer.acquire(KEY);
      await grant.settle();
      pacer.observe(grant, rateLimited(200, { limit: 10, remaining: 0, resetAt: T0 + 1_000 }));
      await vi.advanceTimersByTimeAsync(200);
      const next = start(pacer);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(next.sentAt()).toBe(T0 + 1_000);
    });

    it("when its own window is full and opens in the reset's last second, at that opening", async () => {
      const pacer = await pacerFor([
        { requests: 10, perMs: 60_000 },
        { requests: 1, perMs: 2_500 },
      ]);
      const grant = await pacer.acquire(KEY);
      await vi.advanceTimersByTimeAsync(100);
      await grant.settle(); // the 2.5 s window opens at T0 + 2 600
      pacer.observe(grant, rateLimited(200, { limit: 10, remaining: 0, resetAt: T0 + 3_000 }));
      const next = start(pacer);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(next.sentAt()).toBe(T0 + 2_600);
    });

    it('when its own window opens a whole second before the reset, at the reset', async () => {
      const pacer = await pacerFor([
        { requests: 10, perMs: 60_000 },
        { requests: 1, perMs: 2_000 },
      ]);
      const grant = await pacer.acquire(KEY);
      await grant.settle(); // the 2 s window opens at T0 + 2 000
      pacer.observe(grant, rateLimited(200, { limit: 10, remaining: 0, resetAt: T0 + 3_000 }));
      const next = start(pacer);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(next.sentAt()).toBe(T0 + 3_000);
    });
  });

  it('leaves no listener on a long-lived signal once a call has its slot, queued or not', async () => {
    const pacer = await pacerFor([{ requests: 1, perMs: 1_000 }]);
    const { signal } = new AbortController();
    await (await pacer.acquire(KEY, { signal })).settle();
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
    const queued = pacer.acquire(KEY, { signal });
    await vi.advanceTimersByTimeAsync(0);
    expect(getEventListeners(signal, 'abort')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await queued;
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it('a call whose deadline comes before the next slot fails at once and leaves no timer behind', async () => {
    const pacer = await pacerFor([{ requests: 1, perMs: 5_000 }]);
    await (await pacer.acquire(KEY)).settle();
    const error = await pacer.acquire(KEY, { deadline: T0 + 1_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PacingTimeoutError);
    expect(vi.getTimerCount()).toBe(0);
  });
});
