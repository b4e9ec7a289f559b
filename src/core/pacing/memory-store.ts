import { SlidingLog } from './sliding-log.js';
import { IN_FLIGHT_HOLD_MS } from './in-flight-hold.js';
import type { PacingAttempt, PacingLimit, PacingStore, PacingUsage } from './types.js';

/**
 * The default {@link PacingStore}: sliding windows in this process's memory, one log per key.
 * Each client gets its own (never a module-level one), and `withOptions` clones share it.
 * `add` lets the pacer mirror slots a shared store granted, so falling back to this store
 * during an outage starts from what this process really sent.
 */
export class MemoryPacingStore implements PacingStore {
  readonly #logs = new Map<string, SlidingLog>();
  readonly #now: () => number;
  #longestMs = 0;
  #nextId = 0;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  #log(key: string, limits: readonly PacingLimit[]): SlidingLog {
    for (const { perMs } of limits) this.#longestMs = Math.max(this.#longestMs, perMs + IN_FLIGHT_HOLD_MS);
    let log = this.#logs.get(key);
    if (log === undefined) {
      log = new SlidingLog();
      this.#logs.set(key, log);
    }
    log.trim(this.#now(), this.#longestMs);
    return log;
  }

  acquire(key: string, limits: readonly PacingLimit[]): PacingAttempt {
    // Stryker disable next-line UpdateOperator: counting down gives unique ids just as well
    return this.#log(key, limits).acquire(`m${this.#nextId++}`, this.#now(), limits);
  }

  peek(key: string, limits: readonly PacingLimit[]): PacingUsage {
    return this.#log(key, limits).check(this.#now(), limits);
  }

  settle(key: string, id: string): void {
    this.#logs.get(key)?.settle(id, this.#now());
  }

  /** Records a slot granted elsewhere (by the shared store), in flight from now. */
  add(key: string, id: string, limits: readonly PacingLimit[]): void {
    this.#log(key, limits).add(id, this.#now() + IN_FLIGHT_HOLD_MS);
  }
}
