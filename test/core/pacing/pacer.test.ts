// Pacing with the in-memory store against a real loopback service that enforces a shortened
// sliding window: requests wait their turn instead of drawing 429s.
import { afterEach, describe, expect, it } from 'vitest';
import { type LimitedService, startLimitedService } from '../../../bench/pacing/limited-service.js';
import { APIUserAbortError, CreditPlatform, PacingTimeoutError, RateLimitError } from '../../../src/index.js';
import type { ClientOptions } from '../../../src/core/config/client-options.js';
import { busiestWindow } from '../../helpers/busiest-window.js';
import { captureError } from '../../helpers/capture.js';

const KEY = 'cp_test_SECRET_pacing_key_123';
let service: LimitedService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

function client(baseUrl: string, options: ClientOptions = {}): CreditPlatform {
  return new CreditPlatform({ apiKey: KEY, baseUrl, maxRetries: 0, logLevel: 'off', ...options });
}

describe('pacing with the in-memory store', () => {
  it('sends three windows of requests issued at once without a 429, at the window rate', async () => {
    service = await startLimitedService({ requests: 5, windowMs: 400 });
    const c = client(service.baseUrl, { pacing: { limits: [{ requests: 5, perMs: 400 }] } });
    const started = Date.now();
    const results = await Promise.allSettled(Array.from({ length: 15 }, () => c.accounts.me()));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(service.rejected).toBe(0);
    expect(busiestWindow(service.accepted, 400)).toBeLessThanOrEqual(5);
    // Two full windows must pass before the third batch may go.
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
  });

  it('without pacing the same burst draws 429s (what the pacer prevents)', async () => {
    // A window no burst outlasts, however loaded the machine: 5 go through, the other 10 are 429s.
    service = await startLimitedService({ requests: 5, windowMs: 60_000 });
    const c = client(service.baseUrl);
    const results = await Promise.allSettled(Array.from({ length: 15 }, () => c.accounts.me()));
    expect(service.rejected).toBe(10);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof RateLimitError)).toHaveLength(10);
  });

  it('lets callers through in the order they called', async () => {
    service = await startLimitedService({ requests: 2, windowMs: 200 });
    const c = client(service.baseUrl, { pacing: { limits: [{ requests: 2, perMs: 200 }] } });
    const order: number[] = [];
    await Promise.all(Array.from({ length: 6 }, (_, i) => c.accounts.me().then(() => order.push(i))));
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('withOptions clones share the in-memory store; separate clients do not', async () => {
    service = await startLimitedService({ requests: 4, windowMs: 500 });
    const pacing = { limits: [{ requests: 4, perMs: 500 }] };
    const parent = client(service.baseUrl, { pacing });
    const clone = parent.withOptions({ timeout: 5_000 });
    await Promise.all([
      ...Array.from({ length: 4 }, () => parent.accounts.me()),
      ...Array.from({ length: 4 }, () => clone.accounts.me()),
    ]);
    expect(service.rejected).toBe(0);

    await new Promise((resolve) => setTimeout(resolve, 550));
    const strangers = [client(service.baseUrl, { pacing }), client(service.baseUrl, { pacing })];
    await Promise.allSettled(strangers.flatMap((s) => Array.from({ length: 4 }, () => s.accounts.me())));
    expect(service.rejected).toBe(4);
  });

  it('fails at once, sending nothing, when the slot opens after the per-call timeout', async () => {
    service = await startLimitedService({ requests: 2, windowMs: 5_000 });
    const c = client(service.baseUrl, { pacing: { limits: [{ requests: 2, perMs: 5_000 }] } });
    await Promise.all([c.accounts.me(), c.accounts.me()]);
    const started = Date.now();
    const error = await captureError(c.accounts.me({ timeout: 2_000 }));
    expect(error).toBeInstanceOf(PacingTimeoutError);
    expect(Date.now() - started).toBeLessThan(1_500); // not the 2 s per-call timeout
    const { waitMs } = error as PacingTimeoutError;
    expect(waitMs).toBeGreaterThan(4_000);
    expect(waitMs).toBeLessThanOrEqual(5_000);
    expect((error as Error).message).toMatch(/would take \d+ ms/);
    expect(service.accepted.length + service.rejected).toBe(2);
  });

  it('an AbortSignal ends the wait with APIUserAbortError and nothing is sent', async () => {
    service = await startLimitedService({ requests: 1, windowMs: 5_000 });
    const c = client(service.baseUrl, { pacing: { limits: [{ requests: 1, perMs: 5_000 }] } });
    await c.accounts.me();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await captureError(c.accounts.me({ signal: controller.signal }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(service.accepted.length + service.rejected).toBe(1);
    const state = await c.pacingState();
    expect(state?.queued).toBe(0);
  });

  it('adopts the service count when another client spends the key, and pauses at Remaining 0', async () => {
    service = await startLimitedService({ requests: 6, windowMs: 1_500 });
    const other = client(service.baseUrl); // same key, no pacing, not sharing the store
    await Promise.all(Array.from({ length: 3 }, () => other.accounts.me()));
    const paced = client(service.baseUrl, { pacing: { limits: [{ requests: 6, perMs: 1_500 }] } });
    for (let i = 0; i < 6; i++) await paced.accounts.me();
    // Alone, the pacer would have sent all six at once; three of them into a 429.
    expect(service.rejected).toBe(0);
    expect(service.accepted).toHaveLength(9);
  });

  it('a 429 pauses every queued request until the service says', async () => {
    service = await startLimitedService({ requests: 1, windowMs: 1_000 });
    const other = client(service.baseUrl);
    await other.accounts.me(); // the key's only slot, spent by someone the pacer cannot see
    const paced = client(service.baseUrl, { pacing: { limits: [{ requests: 10, perMs: 100 }] } });
    const first = await captureError(paced.accounts.me());
    expect(first).toBeInstanceOf(RateLimitError);
    const queued = await Promise.allSettled([paced.accounts.me(), paced.accounts.me()]);
    // Both waited for the reset instead of drawing more 429s: one went, the other found the window full again.
    expect(service.rejected).toBeLessThanOrEqual(2);
    expect(queued[0]?.status).toBe('fulfilled');
  });

  it('logs each wait at debug and reports its state', async () => {
    service = await startLimitedService({ requests: 3, windowMs: 300 });
    const lines: [string, Record<string, unknown> | undefined][] = [];
    const log = (message: string, fields?: Record<string, unknown>) => void lines.push([message, fields]);
    const c = client(service.baseUrl, {
      pacing: { limits: [{ requests: 3, perMs: 300 }] },
      logLevel: 'debug',
      logger: { debug: log, info: log, warn: log, error: log },
    });
    expect(await c.pacingState()).toMatchObject({ remaining: 3, queued: 0, mode: 'local' });
    await Promise.all(Array.from({ length: 3 }, () => c.accounts.me()));
    const full = await c.pacingState();
    expect(full?.windows).toEqual([{ requests: 3, perMs: 300, used: 3, remaining: 0 }]);
    expect(full?.remaining).toBe(0);
    expect(full?.nextSlotAt.getTime()).toBeGreaterThan(Date.now());
    await Promise.all(Array.from({ length: 2 }, () => c.accounts.me()));
    const waits = lines.filter(([m]) => m.includes('for a rate-limit slot'));
    expect(waits).toHaveLength(2);
    expect(waits[0]?.[1]?.waitedMs).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain(KEY);
    expect(await client(service.baseUrl).pacingState()).toBeUndefined();
  });
});
