/**
 * One sliding window: at most `requests` requests in any `perMs` milliseconds.
 *
 * @example
 * ```ts
 * import type { PacingLimit } from 'credit-platform';
 * const perMinute: PacingLimit = { requests: 120, perMs: 60_000 };
 * ```
 */
export interface PacingLimit {
  /** Requests allowed in the window: a positive integer. */
  readonly requests: number;
  /** The window's length in milliseconds: a positive integer. */
  readonly perMs: number;
}

/**
 * The service's tiers (spec section 8): free 30 a minute and 1 000 a day, standard 120 and
 * 10 000, premium 600 and 100 000.
 *
 * @example
 * ```ts
 * import type { PacingTier } from 'credit-platform';
 * const tier: PacingTier = 'standard';
 * ```
 */
export type PacingTier = 'free' | 'standard' | 'premium';

/**
 * What a store answers to a request for a slot: granted (the slot is taken, under `id`) or not
 * yet (try again in `waitMs`). `used` counts the requests in each window, this one included
 * when granted, in the order of the limits asked for.
 *
 * @example
 * ```ts
 * import type { PacingAttempt } from 'credit-platform';
 * const full: PacingAttempt = { granted: false, waitMs: 850, used: [20] };
 * ```
 */
export type PacingAttempt =
  | {
      /** The slot is taken. */
      readonly granted: true;
      /** The slot's id, for `settle`. */
      readonly id: string;
      /** Requests per window, this one included. */
      readonly used: readonly number[];
    }
  | {
      /** Every slot of some window is taken. */
      readonly granted: false;
      /** Milliseconds until every window has room. */
      readonly waitMs: number;
      /** Requests per window. */
      readonly used: readonly number[];
    };

/**
 * A store's count without taking a slot: requests per window, and how long until every window
 * has room (0 when a slot is free now).
 *
 * @example
 * ```ts
 * import type { PacingUsage } from 'credit-platform';
 * const usage: PacingUsage = { waitMs: 0, used: [12, 340] };
 * ```
 */
export interface PacingUsage {
  /** Milliseconds until every window has room; 0 when a slot is free now. */
  readonly waitMs: number;
  /** Requests counted per window, in the order of the limits asked for. */
  readonly used: readonly number[];
}

/**
 * Where the pacer keeps its sliding windows. The default keeps them in the client's memory;
 * `createRedisPacingStore` from `credit-platform/redis` shares them between processes. `key` is
 * a hash of the API key, never the key itself.
 *
 * `acquire` must be atomic: of two processes asking for the last slot, only one gets it.
 *
 * @example
 * ```ts
 * import { CreditPlatform, type PacingStore } from 'credit-platform';
 * declare const store: PacingStore; // e.g. createRedisPacingStore(redis)
 * const client = new CreditPlatform({ pacing: { tier: 'standard', store } });
 * ```
 */
export interface PacingStore {
  /** Takes a slot now if every window has room; otherwise says how long until one opens. */
  acquire(key: string, limits: readonly PacingLimit[]): PacingAttempt | Promise<PacingAttempt>;
  /**
   * Moves a granted slot to the present: the response has arrived, so the service counted the
   * request no later than now. Counting from here keeps network delays from causing 429s.
   */
  settle(key: string, id: string): void | Promise<void>;
  /** Reads the windows without taking a slot. */
  peek(key: string, limits: readonly PacingLimit[]): PacingUsage | Promise<PacingUsage>;
}

/**
 * The `pacing` client option: a tier, or your own limits, and optionally a shared store.
 *
 * @example
 * ```ts
 * import { CreditPlatform } from 'credit-platform';
 * const client = new CreditPlatform({ pacing: { tier: 'free' } });
 * const custom = new CreditPlatform({ pacing: { limits: [{ requests: 20, perMs: 2_000 }] } });
 * ```
 */
export type PacingOptions =
  | {
      /** The key's tier: its per-minute and per-day limits from the spec. */
      readonly tier: PacingTier;
      /** Not with `tier`. */
      readonly limits?: undefined;
      /** Where the windows live. Default: this client's memory (shared with its `withOptions` clones). */
      readonly store?: PacingStore;
    }
  | {
      /** Your own windows, e.g. a contract's limits; every one is enforced. */
      readonly limits: readonly PacingLimit[];
      /** Not with `limits`. */
      readonly tier?: undefined;
      /** Where the windows live. Default: this client's memory (shared with its `withOptions` clones). */
      readonly store?: PacingStore;
    };

/**
 * One window's use, in {@link PacingState}.
 *
 * @example
 * ```ts
 * const window: PacingWindowState = { requests: 30, perMs: 60_000, used: 12, remaining: 18 };
 * ```
 */
export interface PacingWindowState extends PacingLimit {
  /** Requests counted in the window now. */
  readonly used: number;
  /** Requests that may still be sent in it now. */
  readonly remaining: number;
}

/**
 * The pacer's view of a key's budget, from `client.pacingState()`.
 *
 * @example
 * ```ts
 * const state = await client.pacingState();
 * if (state) console.log(state.remaining, state.nextSlotAt.toISOString(), state.queued);
 * ```
 */
export interface PacingState {
  /** Every window, in the order configured. */
  readonly windows: readonly PacingWindowState[];
  /** Requests that may be sent now: the smallest `remaining` of the windows (0 while paused). */
  readonly remaining: number;
  /** When the next request may be sent: now when a slot is free. */
  readonly nextSlotAt: Date;
  /** Calls of this client waiting for a slot. */
  readonly queued: number;
  /** `'shared'` while a shared store answers; `'local'` while this process paces on its own window (the in-memory store, or a shared store that is unreachable). */
  readonly mode: 'shared' | 'local';
}
