import { IN_FLIGHT_HOLD_MS } from './in-flight-hold.js';
import type { PacingAttempt, PacingLimit } from './types.js';

interface Entry {
  readonly id: string;
  t: number;
}

/**
 * The requests of one key, oldest first, kept for the longest window. One log serves every
 * window: a window counts the entries newer than `now - perMs`, found by binary search, so a
 * day window of 100 000 entries costs a few comparisons per request.
 */
export class SlidingLog {
  readonly #entries: Entry[] = [];
  #head = 0;

  get size(): number {
    return this.#entries.length - this.#head;
  }

  /** Index of the first entry newer than `since`. */
  #firstAfter(since: number): number {
    let lo = this.#head;
    let hi = this.#entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.#entries[mid] as Entry).t <= since) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Drops entries no window can see any more. */
  trim(now: number, longestMs: number): void {
    this.#head = this.#firstAfter(now - longestMs);
    if (this.#head > 1024 && this.#head * 2 > this.#entries.length) {
      this.#entries.splice(0, this.#head);
      this.#head = 0;
    }
  }

  /** Counts per window and the wait until every window has room for one more. */
  check(now: number, limits: readonly PacingLimit[]): { waitMs: number; used: number[] } {
    const end = this.#entries.length;
    let waitMs = 0;
    const used = limits.map(({ requests, perMs }) => {
      const count = end - this.#firstAfter(now - perMs);
      if (count >= requests) {
        // The window has room again once the entry `requests` places from the newest leaves it;
        // one still in flight leaves a whole window after it settles, so at least `perMs` from now.
        const leaving = this.#entries[end - requests] as Entry;
        waitMs = Math.max(waitMs, Math.min(leaving.t, now) + perMs - now);
      }
      return count;
    });
    return { waitMs, used };
  }

  /** Takes a slot when every window has room. */
  acquire(id: string, now: number, limits: readonly PacingLimit[]): PacingAttempt {
    const { waitMs, used } = this.check(now, limits);
    if (waitMs > 0) return { granted: false, waitMs, used };
    this.add(id, now + IN_FLIGHT_HOLD_MS);
    return { granted: true, id, used: used.map((n) => n + 1) };
  }

  /** Records a slot at `t`, keeping the log in time order (clocks can step back). */
  add(id: string, t: number): void {
    let at = this.#entries.length;
    while (at > this.#head && (this.#entries[at - 1] as Entry).t > t) at--;
    this.#entries.splice(at, 0, { id, t });
  }

  /** Dates a slot to `t`; the unsettled slots are few and newest, so the search from the end is short. */
  settle(id: string, t: number): void {
    for (let i = this.#entries.length - 1; i >= this.#head; i--) {
      const entry = this.#entries[i] as Entry;
      if (entry.id !== id) continue;
      this.#entries.splice(i, 1);
      this.add(id, t);
      return;
    }
  }
}
