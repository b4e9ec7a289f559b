import type { LevelledLogger } from '../config/logger.js';
import type { PacingAttempt } from './types.js';

/** A granted slot: what the store counted, and how to settle it once the attempt is over. */
export interface Grant {
  readonly lane: Lane;
  /** Requests counted per window when this slot was granted, this one included. */
  readonly used: readonly number[];
  /** The lane's grant counter at this grant, to tell how many this process granted since. */
  readonly seq: number;
  /** How long the attempt waited for its slot, in ms. */
  readonly waitedMs: number;
  /** Counts the slot from now: call once, when the response has arrived or the attempt failed. */
  settle(): Promise<void>;
}

/** A call waiting for a slot. */
export interface Waiter {
  readonly resolve: (grant: Grant) => void;
  readonly reject: (error: unknown) => void;
  readonly deadline: number;
  readonly since: number;
  /** Set once the queue had to wait with this caller in it; a slot granted at once is no wait. */
  waited?: boolean;
  detach?: () => void;
}

/**
 * The queue of one key (one hashed API key) and what the service told about it: a pause after a
 * 429, and a budget when the service counts fewer requests left than the store.
 */
export class Lane {
  readonly queue: Waiter[] = [];
  pumping = false;
  granted = 0;
  #pausedUntil = 0;
  // The service's count: requests left until `#budgetUntil` (0: no budget).
  #budgetRemaining = 0;
  #budgetUntil = 0;
  #wake: (() => void) | undefined;

  constructor(
    /** The hashed API key this lane paces. */
    readonly key: string,
  ) {}

  remove(waiter: Waiter): void {
    const at = this.queue.indexOf(waiter);
    if (at >= 0) this.queue.splice(at, 1);
    waiter.detach?.();
    // Nobody left to wait for: end the sleep now, so its timer does not hold the process open.
    if (this.queue.length === 0) this.#wake?.();
  }

  /** Sleeps `ms`, or until the queue empties. */
  sleep(ms: number): Promise<void> {
    for (const waiter of this.queue) waiter.waited = true;
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      // Called after the timer has fired, it does nothing.
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  pauseUntil(until: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, until);
  }

  /** The earliest time the head may ask for a slot. */
  blockedUntil(now: number): number {
    return Math.max(now, this.#pausedUntil);
  }

  adopt(remaining: number, until: number, now: number): void {
    if (until > now) {
      this.#budgetRemaining = remaining;
      this.#budgetUntil = until;
    }
  }

  budgetLeft(now: number): number {
    return this.#budgetUntil > now ? this.#budgetRemaining : Number.POSITIVE_INFINITY;
  }

  budgetExhausted(now: number): boolean {
    if (this.#budgetUntil > now) return this.#budgetRemaining <= 0;
    this.#budgetUntil = 0;
    return false;
  }

  budgetUntil(): number {
    return this.#budgetUntil;
  }

  clearBudget(): void {
    this.#budgetUntil = 0;
  }

  /** Hands a granted slot to the head of the queue (if a caller gave up meanwhile, the slot is settled unused). */
  grant(attempt: PacingAttempt & { granted: true }, now: number, settle: () => Promise<void>, log: LevelledLogger): void {
    const waiter = this.queue.shift();
    if (waiter === undefined) {
      void settle();
      return;
    }
    waiter.detach?.();
    // Counted even without a budget: `adopt` sets the count anew.
    this.#budgetRemaining--;
    const waitedMs = waiter.waited ? now - waiter.since : 0;
    if (waitedMs > 0) {
      log.debug?.(`credit-platform: waited ${waitedMs} ms for a rate-limit slot`, { waitedMs, queued: this.queue.length });
    }
    let settled = false;
    waiter.resolve({
      lane: this,
      used: attempt.used,
      seq: this.granted++,
      waitedMs,
      settle: async () => {
        if (settled) return;
        settled = true;
        await settle();
      },
    });
  }

  /** Fails at once every waiter whose deadline comes before `until`: waiting would be in vain. */
  expire(until: number, now: number, error: (waiter: Waiter, leftMs: number) => unknown): void {
    for (const waiter of [...this.queue]) {
      if (waiter.deadline >= until) continue;
      this.remove(waiter);
      waiter.reject(error(waiter, waiter.deadline - now));
    }
  }

  failAll(error: unknown): void {
    for (const waiter of this.queue.splice(0)) {
      waiter.detach?.();
      waiter.reject(error);
    }
  }
}
