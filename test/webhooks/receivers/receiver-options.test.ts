// The receivers' options, resolved when a receiver is created: defaults, and the checks that make
// a misconfiguration fail at start-up with a message that says what to change.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryDedupStore, createSignedWebhookDelivery, createWebhookReceiver } from '../../../src/webhooks/index.js';
import { resolveOptions } from '../../../src/webhooks/receivers/receiver-options.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const HOUR = 3_600_000;

describe('resolveOptions', () => {
  it('defaults: 1 MiB bodies, 72 h events, 10 s to read, a memory store keeping ids 72 h 5 min', () => {
    const resolved = resolveOptions({ secret: SECRET }, 'f');
    expect(resolved).toMatchObject({ maxBodyBytes: 1_048_576, maxEventAge: 72 * HOUR, readTimeout: 10_000, logger: undefined });
    expect(resolved.store.retentionMs).toBe(72 * HOUR + 300_000);
  });

  it('sizes the default store to maxEventAge, and refuses maxEventAge Infinity with it (it forgets ids)', () => {
    expect(resolveOptions({ secret: SECRET, maxEventAge: HOUR }, 'f').store.retentionMs).toBe(HOUR + 300_000);
    expect(() => resolveOptions({ secret: SECRET, maxEventAge: Number.POSITIVE_INFINITY }, 'f')).toThrow(
      /^f: maxEventAge is Infinity, so a delivery signed at any time is accepted, but the default in-memory store forgets event ids after 259500000 ms/,
    );
  });

  it('accepts a store that keeps ids exactly maxEventAge + 5 min, and refuses one a millisecond shorter', () => {
    const keeping = (retentionMs: number) => ({ ...createMemoryDedupStore(), retentionMs });
    expect(() => resolveOptions({ secret: SECRET, maxEventAge: HOUR, store: keeping(HOUR + 300_000) }, 'f')).not.toThrow();
    expect(() => resolveOptions({ secret: SECRET, maxEventAge: HOUR, store: keeping(HOUR + 299_999) }, 'f')).toThrow(
      /^f: the store remembers event ids for 3899999 ms \(1\.1 h\).*3900000 ms \(1\.1 h\).*set maxEventAge to at most 3599999 ms\.$/,
    );
  });

  it('suggests a shorter maxEventAge only when one could fit', () => {
    const store = { ...createMemoryDedupStore(), retentionMs: 300_000 };
    let message = '';
    try {
      resolveOptions({ secret: SECRET, store }, 'f');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/createMemoryDedupStore\(\{ ttlMs: 259500000 \}\), or your store's own retention setting\)\.$/);
    expect(message).not.toMatch(/set maxEventAge/);
  });

  it('refuses a readTimeout that is not a positive number, and takes Infinity', () => {
    for (const readTimeout of [0, -1, Number.NaN, '5000']) {
      expect(() => resolveOptions({ secret: SECRET, readTimeout: readTimeout as number }, 'f')).toThrow(
        /^f: readTimeout must be a positive number of milliseconds/,
      );
    }
    expect(resolveOptions({ secret: SECRET, readTimeout: Number.POSITIVE_INFINITY }, 'f').readTimeout).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(resolveOptions({ secret: SECRET, readTimeout: 0.5 }, 'f').readTimeout).toBe(0.5);
  });
});

describe('the default onError', () => {
  it('writes to console.error without a logger', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('boom');
    resolveOptions({ secret: SECRET }, 'f').onError(failure);
    expect(error).toHaveBeenCalledExactlyOnceWith('[credit-platform/webhooks]', failure);
  });

  it('writes to logger.error with the event id, or none', () => {
    const logger = { debug: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const { onError } = resolveOptions({ secret: SECRET, logger }, 'f');
    const failure = new Error('boom');
    onError(failure, { id: 'evt_9', type: 'score.updated', timestamp: '2026-01-01T00:00:00Z', data: {} });
    onError(failure);
    expect(logger.error.mock.calls).toEqual([
      ['credit-platform: webhook receiver error', { error: failure, eventId: 'evt_9' }],
      ['credit-platform: webhook receiver error', { error: failure, eventId: undefined }],
    ]);
  });
});

describe('the default onRejected', () => {
  it('writes one line to console.warn without a logger, and nothing else', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const receive = createWebhookReceiver({ secret: SECRET, onError: vi.fn() });
    const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    expect((await receive({ body: delivery.body, signature: undefined })).status).toBe(401);
    expect(warn).toHaveBeenCalledExactlyOnceWith(
      expect.stringMatching(/^credit-platform: webhook delivery refused \(missing_signature\): /),
    );
  });
});
