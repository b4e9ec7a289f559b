import { afterEach, describe, expect, it, vi } from 'vitest';
import { createManualClock, systemClock } from '../../../src/testing/control/clock.js';
import { Scheduler } from '../../../src/testing/delivery/scheduler.js';

const T0 = Date.UTC(2026, 0, 1);

/** A scheduler on a manual clock, and a log of which job ran at which clock time. */
function manual() {
  const clock = createManualClock(T0);
  const scheduler = new Scheduler(clock);
  const ran: [string, number][] = [];
  const job = (name: string) => async () => {
    ran.push([name, clock.now() - T0]);
  };
  return { clock, scheduler, ran, job };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Scheduler on a manual clock', () => {
  it('runs nothing by itself, however long real time passes', async () => {
    vi.useFakeTimers();
    const { scheduler, ran, job } = manual();
    scheduler.at(T0, job('due now'));
    scheduler.at(T0 + 10, job('later'));
    await vi.advanceTimersByTimeAsync(24 * 3_600_000);
    expect(ran).toEqual([]);
    expect(scheduler.waiting).toBe(2);
  });

  it('runs the due jobs in time order, ties in the order they were scheduled, each at its own time', async () => {
    const { clock, scheduler, ran, job } = manual();
    scheduler.at(T0 + 30, job('c'));
    scheduler.at(T0 + 10, job('a'));
    scheduler.at(T0 + 20, job('b1'));
    scheduler.at(T0 + 20, job('b2'));
    scheduler.at(T0 + 20, job('b3'));
    scheduler.at(T0 + 41, job('after the target'));
    await scheduler.advanceTo(T0 + 40);
    expect(ran).toEqual([
      ['a', 10],
      ['b1', 20],
      ['b2', 20],
      ['b3', 20],
      ['c', 30],
    ]);
    expect(clock.now()).toBe(T0 + 40);
    expect(scheduler.waiting).toBe(1);
    await scheduler.advanceTo(T0 + 41);
    expect(ran.at(-1)).toEqual(['after the target', 41]);
    expect(scheduler.waiting).toBe(0);
  });

  it('runs a job due exactly at the target, and one a job schedules before the target in the same advance', async () => {
    const { scheduler, ran, job } = manual();
    scheduler.at(T0 + 5, async () => {
      await job('first')();
      scheduler.at(T0 + 8, job('scheduled by the first'));
      scheduler.at(T0 + 9, job('beyond the target'));
    });
    await scheduler.advanceTo(T0 + 8);
    expect(ran).toEqual([
      ['first', 5],
      ['scheduled by the first', 8],
    ]);
  });

  it('never moves the clock back: a job scheduled in the past runs at the current time', async () => {
    const { clock, scheduler, ran, job } = manual();
    clock.set(T0 + 1_000);
    scheduler.at(T0, job('overdue'));
    await scheduler.advanceTo(T0 + 1_000);
    expect(ran).toEqual([['overdue', 1_000]]);
    expect(clock.now()).toBe(T0 + 1_000);
  });

  it('never moves the clock back when a job moved it past the target', async () => {
    const { clock, scheduler } = manual();
    // A receiver that takes 90 s of fake time to answer, say.
    scheduler.at(T0 + 10, async () => clock.advance(90_000));
    await scheduler.advanceTo(T0 + 60_000);
    expect(clock.now()).toBe(T0 + 90_010);
    await scheduler.advanceTo(T0 + 1);
    expect(clock.now()).toBe(T0 + 90_010);
  });

  it('keeps going past a job that fails: its failure is its own business', async () => {
    const { scheduler, ran, job } = manual();
    scheduler.at(T0 + 1, async () => {
      throw new Error('a receiver that blew up');
    });
    scheduler.at(T0 + 2, job('next'));
    await scheduler.advanceTo(T0 + 2);
    expect(ran).toEqual([['next', 2]]);
    await expect(scheduler.settled()).resolves.toBeUndefined();
  });

  it('settled() waits for tracked work, including work it starts meanwhile', async () => {
    const { scheduler } = manual();
    const done: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    scheduler.track(
      (async () => {
        await gate;
        done.push('outer');
        scheduler.track(
          (async () => {
            await Promise.resolve();
            done.push('inner');
          })(),
        );
      })(),
    );
    const settled = scheduler.settled();
    release();
    await settled;
    expect(done).toEqual(['outer', 'inner']);
  });

  it('clear() drops every waiting job', async () => {
    const { scheduler, ran, job } = manual();
    scheduler.at(T0 + 1, job('dropped'));
    scheduler.at(T0 + 2, job('dropped too'));
    scheduler.clear();
    expect(scheduler.waiting).toBe(0);
    await scheduler.advanceTo(T0 + 10);
    expect(ran).toEqual([]);
  });
});

describe('Scheduler on any other clock', () => {
  it('runs each job on a real timer at its due time, not before, and forgets it once run', async () => {
    vi.useFakeTimers({ now: T0 });
    const scheduler = new Scheduler(systemClock);
    const ran: [string, number][] = [];
    const job = (name: string) => async () => {
      ran.push([name, Date.now() - T0]);
    };
    scheduler.at(T0 + 1_000, job('in a second'));
    scheduler.at(T0 - 5_000, job('overdue'));
    await vi.advanceTimersByTimeAsync(0);
    expect(ran).toEqual([['overdue', 0]]);
    await vi.advanceTimersByTimeAsync(999);
    expect(ran).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await scheduler.settled();
    expect(ran).toEqual([
      ['overdue', 0],
      ['in a second', 1_000],
    ]);
    // A long-running fake (the `credit-platform fake` server) keeps no job that already ran.
    expect(scheduler.waiting).toBe(0);
  });

  it('clear() stops the timers', async () => {
    vi.useFakeTimers({ now: T0 });
    const scheduler = new Scheduler(systemClock);
    const ran: string[] = [];
    scheduler.at(T0 + 1_000, async () => {
      ran.push('dropped');
    });
    scheduler.clear();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(ran).toEqual([]);
  });

  it('unrefs its timers, so a waiting retry never keeps the process alive', () => {
    const unref = vi.fn();
    vi.stubGlobal('setTimeout', () => ({ unref }));
    new Scheduler(systemClock).at(Date.now() + 60_000, async () => undefined);
    expect(unref).toHaveBeenCalledTimes(1);
  });

  it('works where a timer is a number without unref (browsers)', () => {
    vi.stubGlobal('setTimeout', () => 7);
    expect(() => new Scheduler(systemClock).at(Date.now() + 60_000, async () => undefined)).not.toThrow();
  });

  it('refuses advanceTo, which needs a manual clock', async () => {
    await expect(new Scheduler(systemClock).advanceTo(Date.now() + 1)).rejects.toThrow(TypeError);
  });
});
