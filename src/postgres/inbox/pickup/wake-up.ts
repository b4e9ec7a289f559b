// The idle loops of one worker: each sleeps until the poll interval ends or a wake-up cuts it short.

/** @internal The sleep of a worker's idle loops, and the wake-ups that end it early. */
export class WakeUp {
  private readonly sleepers: (() => void)[] = [];
  // A wake-up that found no loop asleep: the loop about to sleep may have claimed just before the
  // new event committed, so its next sleep ends at once and it looks again.
  private missed = false;

  /** Resolves after `ms`, or at the first wake-up that reaches this sleeper. */
  sleep(ms: number): Promise<void> {
    if (this.missed) {
      this.missed = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        const at = this.sleepers.indexOf(done);
        if (at >= 0) this.sleepers.splice(at, 1);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.push(done);
    });
  }

  /** A new event was stored: one idle loop looks for it (the next to sleep, if none is asleep). */
  newEvent(): void {
    const sleeper = this.sleepers.shift();
    if (sleeper === undefined) this.missed = true;
    else sleeper();
  }

  /** A loop ran an event, so more may be due: one more idle loop looks, and so on while they find some. */
  oneMore(): void {
    this.sleepers.shift()?.();
  }

  /** Every idle loop wakes (the worker stops). */
  all(): void {
    for (const sleeper of this.sleepers.splice(0)) sleeper();
  }
}
