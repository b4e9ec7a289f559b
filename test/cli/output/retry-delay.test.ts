import { describe, expect, it } from 'vitest';
import { retryDelay } from '../../../src/cli/output/retry-delay.js';
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
