// The idle loops' sleep: a new event wakes exactly one sleeper (or the next to sleep when none is
// asleep), a loop that ran an event wakes one more, stop wakes all; a woken sleep leaves no timer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WakeUp } from '../../../../src/postgres/inbox/pickup/wake-up.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Starts a sleep and says whether it has ended. */
function asleep(wakeUp: WakeUp, ms: number): { readonly ended: boolean } {
  const state = { ended: false };
  void wakeUp.sleep(ms).then(() => {
    state.ended = true;
  });
  return state;
}

describe('WakeUp', () => {
  it('ends a sleep after its time', async () => {
    const sleep = asleep(new WakeUp(), 1_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(sleep.ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(sleep.ended).toBe(true);
  });

  it('wakes one sleeper per new event, and leaves no timer behind', async () => {
    const wakeUp = new WakeUp();
    const first = asleep(wakeUp, 60_000);
    const second = asleep(wakeUp, 60_000);
    wakeUp.newEvent();
    await vi.advanceTimersByTimeAsync(0);
    expect([first.ended, second.ended]).toEqual([true, false]);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('keeps a new event that found nobody asleep for the next sleep only', async () => {
    const wakeUp = new WakeUp();
    wakeUp.newEvent();
    const next = asleep(wakeUp, 60_000);
    const after = asleep(wakeUp, 60_000);
    await vi.advanceTimersByTimeAsync(0);
    expect([next.ended, after.ended]).toEqual([true, false]);
  });

  it('wakes one more sleeper for a loop that ran an event, and keeps nothing when nobody sleeps', async () => {
    const wakeUp = new WakeUp();
    wakeUp.oneMore();
    const first = asleep(wakeUp, 60_000);
    const second = asleep(wakeUp, 60_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(first.ended).toBe(false);
    wakeUp.oneMore();
    await vi.advanceTimersByTimeAsync(0);
    expect([first.ended, second.ended]).toEqual([true, false]);
  });

  it('does not spend a wake-up on a sleep that already ended by its time', async () => {
    const wakeUp = new WakeUp();
    const short = asleep(wakeUp, 10);
    const long = asleep(wakeUp, 60_000);
    await vi.advanceTimersByTimeAsync(10);
    expect(short.ended).toBe(true);
    wakeUp.newEvent();
    await vi.advanceTimersByTimeAsync(0);
    expect(long.ended).toBe(true);
  });

  it('wakes every sleeper on stop', async () => {
    const wakeUp = new WakeUp();
    const sleeps = [asleep(wakeUp, 60_000), asleep(wakeUp, 60_000), asleep(wakeUp, 60_000)];
    wakeUp.all();
    await vi.advanceTimersByTimeAsync(0);
    expect(sleeps.map((sleep) => sleep.ended)).toEqual([true, true, true]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
