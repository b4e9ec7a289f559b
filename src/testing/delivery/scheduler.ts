import { isManualClock, type Clock } from '../control/clock.js';

interface Job {
  dueAt: number;
  run: () => Promise<void>;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * Runs work at a clock time. With a manual clock nothing runs by itself: jobs wait
 * for `advanceTo`, which is what makes retry schedules testable in milliseconds.
 * With any other clock, jobs run on real (unref'd) timers.
 */
export class Scheduler {
  readonly #clock: Clock;
  readonly #manual: boolean;
  // A Set iterates in insertion order, so among jobs due at the same time the first scheduled runs first.
  readonly #jobs = new Set<Job>();
  readonly #inFlight = new Set<Promise<void>>();

  constructor(clock: Clock) {
    this.#clock = clock;
    this.#manual = isManualClock(clock);
  }

  /** Schedules `run` at `dueAt` (epoch ms). */
  at(dueAt: number, run: () => Promise<void>): void {
    const job: Job = { dueAt, run };
    this.#jobs.add(job);
    if (this.#manual) return;
    job.timer = setTimeout(
      () => {
        this.#jobs.delete(job);
        this.track(run());
      },
      Math.max(0, dueAt - this.#clock.now()),
    );
    job.timer.unref?.();
  }

  /** How many jobs are scheduled and have not run yet (what `clear` drops). */
  get waiting(): number {
    return this.#jobs.size;
  }

  /** Keeps a promise so `settled()` can wait for it; failures are the job's own business. */
  track(work: Promise<void>): void {
    const p = work.catch(() => undefined).finally(() => this.#inFlight.delete(p));
    this.#inFlight.add(p);
  }

  /** Waits until no tracked work is running (jobs started meanwhile included). */
  async settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.all([...this.#inFlight]);
  }

  /**
   * Moves a manual clock to `target`, stopping at each due job in time order so a
   * job sees the clock at its own due time and can schedule the next one. The clock never
   * goes back: a job scheduled in the past runs at the current time.
   */
  async advanceTo(target: number): Promise<void> {
    const clock = this.#clock;
    if (!isManualClock(clock)) {
      throw new TypeError('advanceTime needs a manual clock: pass `clock: createManualClock()`');
    }
    await this.settled();
    for (;;) {
      const next = this.#earliestDue(target);
      if (!next) break;
      this.#jobs.delete(next);
      clock.set(Math.max(clock.now(), next.dueAt));
      this.track(next.run());
      await this.settled();
    }
    clock.set(Math.max(clock.now(), target));
  }

  /** Drops every waiting job and its timer. */
  clear(): void {
    for (const job of this.#jobs) clearTimeout(job.timer);
    this.#jobs.clear();
  }

  #earliestDue(target: number): Job | undefined {
    let best: Job | undefined;
    for (const job of this.#jobs) {
      // Strictly earlier only: among jobs due at the same time, the first scheduled stays first.
      if (job.dueAt <= target && (!best || job.dueAt < best.dueAt)) best = job;
    }
    return best;
  }
}
