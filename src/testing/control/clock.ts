/**
 * A source of the current time in epoch milliseconds. The fake reads time only
 * through it, so tests can freeze and advance time.
 *
 * @example
 * ```ts
 * const clock: Clock = { now: () => Date.UTC(2026, 0, 1) };
 * ```
 */
export interface Clock {
  /** The current time in milliseconds since the Unix epoch, like `Date.now()`. */
  now(): number;
}

/**
 * A clock that moves only when told. Pass it to `createFakeCreditPlatform` and move
 * time with `fake.advanceTime(ms)`, which also runs the webhook retries that fall due.
 *
 * @example
 * ```ts
 * const clock = createManualClock();
 * clock.advance(60_000);
 * ```
 */
export interface ManualClock extends Clock {
  /** Moves time forward; negative values are rejected because time never goes back. */
  advance(ms: number): void;
  /** Jumps to an absolute epoch-ms time at or after the current one. */
  set(epochMs: number): void;
}

/**
 * The default start of a manual clock: 2026-01-01T00:00:00Z, so timestamps are stable.
 *
 * @example
 * ```ts
 * createManualClock().now() === DEFAULT_MANUAL_CLOCK_START; // true
 * ```
 */
export const DEFAULT_MANUAL_CLOCK_START = Date.UTC(2026, 0, 1);

/**
 * Creates a {@link ManualClock}.
 *
 * @example
 * ```ts
 * const clock = createManualClock(Date.UTC(2026, 5, 1));
 * const fake = createFakeCreditPlatform({ clock });
 * await fake.advanceTime(5 * 60_000);
 * ```
 */
export function createManualClock(start: number = DEFAULT_MANUAL_CLOCK_START): ManualClock {
  let current = start;
  return {
    now: () => current,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance(ms) needs a finite ms >= 0');
      current += ms;
    },
    set(epochMs) {
      if (!Number.isFinite(epochMs) || epochMs < current) {
        throw new RangeError('set(epochMs) cannot move the clock backwards');
      }
      current = epochMs;
    },
  };
}

/**
 * The wall clock (`Date.now`).
 *
 * @example
 * ```ts
 * createFakeCreditPlatform({ clock: systemClock });
 * ```
 */
export const systemClock: Clock = { now: () => Date.now() };

/**
 * Whether a clock can be advanced by the fake (a {@link ManualClock}).
 *
 * @example
 * ```ts
 * isManualClock(createManualClock()); // true
 * isManualClock(systemClock); // false
 * ```
 */
export function isManualClock(clock: Clock): clock is ManualClock {
  const c = clock as Partial<ManualClock>;
  return typeof c.advance === 'function' && typeof c.set === 'function';
}
