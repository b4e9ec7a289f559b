// The default onRejected on a runtime whose timers are plain numbers (browsers, Deno, workers):
// nothing to unref, and nothing must throw.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebhookVerificationError } from '../../../src/webhooks/errors.js';
import { withLeaseRenewal } from '../../../src/webhooks/receivers/lease-renewal.js';
import { rejectionWarnings } from '../../../src/webhooks/receivers/rejection-warnings.js';
import { createMemoryDedupStore } from '../../../src/webhooks/index.js';

afterEach(() => {
  vi.restoreAllMocks();
});

function numericTimers() {
  return vi.spyOn(globalThis, 'setTimeout').mockImplementation((() => 42) as unknown as typeof setTimeout);
}

describe('timers without unref', () => {
  it('the default onRejected collapses refusals without throwing', () => {
    const setTimeoutSpy = numericTimers();
    const warn = vi.fn();
    const onRejected = rejectionWarnings(warn);
    const error = new WebhookVerificationError('signature_mismatch', 'no');
    for (let i = 0; i < 3; i++) expect(() => onRejected(error)).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
    // One summary timer for the minute, however many refusals it collapses.
    expect(setTimeoutSpy).toHaveBeenCalledOnce();
    expect(setTimeoutSpy.mock.calls[0]?.[1]).toBeGreaterThan(59_000);
  });

  it('lease renewal arms its timer without throwing', async () => {
    const setTimeoutSpy = numericTimers();
    const store = { ...createMemoryDedupStore(), leaseMs: 300, renew: () => true };
    let finish: () => void = () => undefined;
    const done = withLeaseRenewal(store, 'evt_1', () => new Promise<void>((resolve) => (finish = resolve)), vi.fn());
    expect(setTimeoutSpy).toHaveBeenCalledWith(expect.any(Function), 100);
    finish();
    await expect(done).resolves.toBeUndefined();
  });
});
