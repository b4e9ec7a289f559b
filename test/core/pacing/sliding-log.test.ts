// The sliding log against a plain model of the same rules (fast-check): whatever the order of
// grants, settles and clock steps (backwards too), the counts and waits are the model's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IN_FLIGHT_HOLD_MS } from '../../../src/core/pacing/in-flight-hold.js';
import { MemoryPacingStore } from '../../../src/core/pacing/memory-store.js';
import { SlidingLog } from '../../../src/core/pacing/sliding-log.js';
import type { PacingLimit } from '../../../src/core/pacing/types.js';

/** The rules, written the slow and obvious way: every entry kept in time order, every count a filter. */
class Model {
  entries: { id: string; t: number }[] = [];
  add(id: string, t: number): void {
    // After every entry dated at or before `t`: entries of equal time keep their order.
    let at = this.entries.length;
    while (at > 0 && (this.entries[at - 1] as { t: number }).t > t) at--;
    this.entries.splice(at, 0, { id, t });
  }
  trim(now: number, longestMs: number): void {
    this.entries = this.entries.filter((e) => e.t > now - longestMs);
  }
  check(now: number, limits: readonly PacingLimit[]): { waitMs: number; used: number[] } {
    let waitMs = 0;
    const used = limits.map(({ requests, perMs }) => {
      const inWindow = this.entries.filter((e) => e.t > now - perMs);
      if (inWindow.length >= requests) {
        const leaving = inWindow[inWindow.length - requests] as { t: number };
        waitMs = Math.max(waitMs, Math.min(leaving.t, now) + perMs - now);
      }
      return inWindow.length;
    });
    return { waitMs, used };
  }
  settle(id: string, t: number): void {
    const at = this.entries.map((e) => e.id).lastIndexOf(id);
    if (at === -1) return;
    this.entries.splice(at, 1);
    this.add(id, t);
  }
}

const limitsArb = fc.array(fc.record({ requests: fc.integer({ min: 1, max: 6 }), perMs: fc.integer({ min: 1, max: 5_000 }) }), {
  minLength: 1,
  maxLength: 3,
});
const step = fc.oneof(
  fc.record({ op: fc.constant('acquire' as const) }),
  fc.record({ op: fc.constant('settle' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('advance' as const), ms: fc.integer({ min: -500, max: 3_000 }) }),
  fc.record({ op: fc.constant('add' as const) }),
);

describe('SlidingLog', () => {
  it('counts, waits and grants as the model does, over any sequence of grants, settles and clock steps', () => {
    fc.assert(
      fc.property(limitsArb, fc.array(step, { maxLength: 60 }), (limits, steps) => {
        let now = 1_000_000;
        const store = new MemoryPacingStore(() => now);
        const model = new Model();
        const longest = Math.max(...limits.map((l) => l.perMs)) + IN_FLIGHT_HOLD_MS;
        const granted: string[] = [];
        let added = 0;
        for (const s of steps) {
          if (s.op === 'advance') {
            now += s.ms;
            continue;
          }
          model.trim(now, longest);
          if (s.op === 'acquire') {
            const expected = model.check(now, limits);
            const attempt = store.acquire('k', limits);
            if (expected.waitMs > 0) {
              expect(attempt).toEqual({ granted: false, ...expected });
            } else {
              expect(attempt).toMatchObject({ granted: true, used: expected.used.map((n) => n + 1) });
              if (attempt.granted) {
                model.add(attempt.id, now + IN_FLIGHT_HOLD_MS);
                granted.push(attempt.id);
              }
            }
          } else if (s.op === 'settle') {
            const id = granted[s.pick % Math.max(1, granted.length)] ?? 'none';
            store.settle('k', id);
            model.settle(id, now);
          } else {
            const id = `shared-${added++}`;
            store.add('k', id, limits);
            model.add(id, now + IN_FLIGHT_HOLD_MS);
          }
          model.trim(now, longest);
          expect(store.peek('k', limits)).toEqual(model.check(now, limits));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('forgets entries no window can see, and stays right after dropping more than a thousand of them', () => {
    const log = new SlidingLog();
    const limits = [{ requests: 5_000, perMs: 1_000 }];
    for (let i = 0; i < 3_000; i++) log.add(`a${i}`, i);
    expect(log.size).toBe(3_000);
    log.trim(2_500, 1_000); // keeps 1 501 .. 2 999
    expect(log.size).toBe(1_499);
    expect(log.check(2_500, limits).used).toEqual([1_499]);
    log.trim(2_600, 1_000);
    expect(log.size).toBe(1_399);
    log.add('late', 1_700);
    expect(log.size).toBe(1_400);
    expect(log.check(2_600, [{ requests: 1, perMs: 1_000 }])).toEqual({ waitMs: 1_000, used: [1_400] });
    expect(log.check(2_600, [{ requests: 1_400, perMs: 1_000 }])).toEqual({ waitMs: 1, used: [1_400] });
    // Settled, an entry moves to its new time: into a window it was not in, or out of one.
    const recent = () => log.check(2_850, [{ requests: 9_999, perMs: 200 }]).used[0] as number;
    const before = recent();
    log.settle('a1700', 2_700);
    expect(log.size).toBe(1_400);
    expect(recent()).toBe(before + 1);
    log.settle('a2660', 2_600);
    expect(recent()).toBe(before);
    log.settle('unknown', 2_700);
    expect([log.size, recent()]).toEqual([1_400, before]);
  });
});
