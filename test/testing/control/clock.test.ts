import { describe, expect, it } from 'vitest';
import {
  createFakeCreditPlatform,
  createManualClock,
  DEFAULT_MANUAL_CLOCK_START,
  isManualClock,
  systemClock,
} from '../../../src/testing/index.js';

describe('manual clock', () => {
  it('starts at 2026-01-01T00:00:00Z unless told otherwise, and stands still until moved', () => {
    const clock = createManualClock();
    expect(new Date(clock.now()).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(clock.now()).toBe(DEFAULT_MANUAL_CLOCK_START);
    expect(clock.now()).toBe(clock.now());
    expect(createManualClock(Date.UTC(2026, 5, 1)).now()).toBe(Date.UTC(2026, 5, 1));
  });

  it('advance(ms) moves forward by exactly ms, and zero is a no-op', () => {
    const clock = createManualClock(1_000);
    clock.advance(250);
    expect(clock.now()).toBe(1_250);
    clock.advance(0);
    expect(clock.now()).toBe(1_250);
    clock.advance(60_000);
    expect(clock.now()).toBe(61_250);
  });

  it('advance refuses a negative or non-finite step and leaves the time alone', () => {
    const clock = createManualClock(1_000);
    for (const ms of [-1, -0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => clock.advance(ms)).toThrow(new RangeError('advance(ms) needs a finite ms >= 0'));
    }
    expect(clock.now()).toBe(1_000);
  });

  it('set(epochMs) jumps to now or later, never back, and refuses a non-finite time', () => {
    const clock = createManualClock(1_000);
    clock.set(1_000);
    expect(clock.now()).toBe(1_000);
    clock.set(5_000);
    expect(clock.now()).toBe(5_000);
    for (const epochMs of [4_999, 0, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => clock.set(epochMs)).toThrow(new RangeError('set(epochMs) cannot move the clock backwards'));
    }
    expect(clock.now()).toBe(5_000);
  });

  it('stamps what the fake creates with its time', async () => {
    const clock = createManualClock(Date.UTC(2026, 2, 3, 4, 5, 6));
    const fake = createFakeCreditPlatform({ clock, transactions: 0 });
    clock.advance(1_500);
    const account = fake.admin.createAccount();
    expect(account.createdAt).toBe('2026-03-03T04:05:07.500Z');
  });
});

describe('isManualClock', () => {
  it('is true only for a clock that has both advance and set', () => {
    expect(isManualClock(createManualClock())).toBe(true);
    expect(isManualClock(systemClock)).toBe(false);
    expect(isManualClock({ now: () => 0, advance: () => undefined } as never)).toBe(false);
    expect(isManualClock({ now: () => 0, set: () => undefined } as never)).toBe(false);
    expect(isManualClock({ now: () => 0, advance: 1, set: () => undefined } as never)).toBe(false);
    expect(isManualClock({ now: () => 0, advance: () => undefined, set: 'soon' } as never)).toBe(false);
  });

  it('lets advanceTime run only on a manual clock', async () => {
    const half = { now: () => 0, advance: () => undefined };
    const fake = createFakeCreditPlatform({ clock: half, transactions: 0 });
    await expect(fake.advanceTime(1)).rejects.toThrow(TypeError);
  });
});

describe('system clock', () => {
  it('reads the wall clock', () => {
    const before = Date.now();
    const now = systemClock.now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
