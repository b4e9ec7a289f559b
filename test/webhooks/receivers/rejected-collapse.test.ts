// The default onRejected writes at most one line per refusal code per minute, and counts the rest
// in one summary line when the minute ends: a stranger sending forgeries cannot choose the log
// volume. A custom onRejected still hears of every refusal. Fake timers drive the minute.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSignedWebhookDelivery, createWebhookReceiver, type WebhookReceiverOptions } from '../../../src/webhooks/index.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function receiver(options: Partial<WebhookReceiverOptions> = {}) {
  const receive = createWebhookReceiver({ secret: SECRET, onError: vi.fn(), ...options });
  const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
  return {
    forged: () => receive({ body: delivery.body, signature: '0'.repeat(64) }),
    unsigned: () => receive({ body: delivery.body, signature: undefined }),
  };
}

async function times(n: number, send: () => Promise<{ status: number }>) {
  for (let i = 0; i < n; i++) expect((await send()).status).toBe(401);
}

describe('the default onRejected', () => {
  it('writes one line per code per minute, then one summary line with the count of the refusals it collapsed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { forged, unsigned } = receiver();
    await times(500, forged);
    await times(3, unsigned);
    expect(warn.mock.calls.map(([line]) => line)).toEqual([
      expect.stringMatching(/^credit-platform: webhook delivery refused \(signature_mismatch\): /),
      expect.stringMatching(/^credit-platform: webhook delivery refused \(missing_signature\): /),
    ]);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(warn.mock.calls.slice(2).map(([line]) => line)).toEqual([
      expect.stringMatching(
        /^credit-platform: webhook delivery refused \(signature_mismatch\) 499 more times in the last minute; /,
      ),
      expect.stringMatching(/^credit-platform: webhook delivery refused \(missing_signature\) 2 more times in the last minute; /),
    ]);

    // The next minute: refusals are counted again, and summed up at its end.
    await times(1, forged);
    expect(warn).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(warn).toHaveBeenCalledTimes(5);
    expect(warn.mock.calls[4]?.[0]).toMatch(/\(signature_mismatch\) 1 more time in the last minute/);

    // A quiet minute ends the window: the next refusal gets its own full line at once.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(warn).toHaveBeenCalledTimes(5);
    await times(1, forged);
    expect(warn).toHaveBeenCalledTimes(6);
    expect(warn.mock.calls[5]?.[0]).toMatch(/^credit-platform: webhook delivery refused \(signature_mismatch\): /);
    for (const [line] of warn.mock.calls) expect(String(line)).not.toContain('\n');
  });

  it('writes to the logger option when there is one, with the code and the count as fields', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const logger = { debug: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const { forged } = receiver({ logger });
    await times(10, forged);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(logger.warn.mock.calls.map(([, fields]) => fields)).toEqual([
      { code: 'signature_mismatch' },
      { code: 'signature_mismatch', collapsed: 9 },
    ]);
  });

  it('is replaced by a custom onRejected, which hears of every refusal', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onRejected = vi.fn();
    const { forged } = receiver({ onRejected });
    await times(200, forged);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(onRejected).toHaveBeenCalledTimes(200);
    expect(warn).not.toHaveBeenCalled();
  });
});
