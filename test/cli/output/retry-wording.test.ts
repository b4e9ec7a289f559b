import { describe, expect, it } from 'vitest';
import { nextAttempt, retriesAfter, retryDelay } from '../../../src/cli/output/retry-wording.js';
import { WEBHOOK_RETRY_SCHEDULE } from '../../../src/webhooks/index.js';

describe('retryDelay', () => {
  it('words the retry schedule as the spec does: minutes below an hour, hours from one hour on', () => {
    expect(WEBHOOK_RETRY_SCHEDULE.map(retryDelay)).toEqual(['0 min', '1 min', '5 min', '30 min', '2 h', '12 h']);
  });

  it('switches to hours at exactly one hour, not after it', () => {
    expect(retryDelay(3_599_999)).toBe(`${3_599_999 / 60_000} min`);
    expect(retryDelay(3_600_000)).toBe('1 h');
    expect(retryDelay(5_400_000)).toBe('1.5 h');
  });
});

describe('the retry schedule in words', () => {
  it('lists the five retries, never the first attempt sent at once ("after 0 min")', () => {
    expect(retriesAfter()).toBe('retries after 1 min, 5 min, 30 min, 2 h, 12 h');
  });

  it('names after each failed attempt the delay retriesAfter lists at that place, then that none is left', () => {
    const listed = retriesAfter().replace('retries after ', '').split(', ');
    expect([1, 2, 3, 4, 5].map(nextAttempt)).toEqual(listed.map((delay) => `next attempt in ${delay}`));
    expect(nextAttempt(6)).toBe('no attempts left');
  });
});
