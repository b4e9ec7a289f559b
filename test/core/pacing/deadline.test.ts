// The pacer's own contract, below the client: a deadline (the whole call's, from `totalTimeout`)
// that comes before the next slot fails at once, and each attempt's wait reaches the call's
// tracing context.
import diagnostics_channel from 'node:diagnostics_channel';
import { describe, expect, it } from 'vitest';
import { levelled } from '../../../src/core/config/logger.js';
import { MemoryPacingStore } from '../../../src/core/pacing/memory-store.js';
import { pacedFetch } from '../../../src/core/pacing/paced-fetch.js';
import { Pacer } from '../../../src/core/pacing/pacer.js';
import { startLimitedService } from '../../../bench/pacing/limited-service.js';
import { CreditPlatform, type PacingStore, PacingTimeoutError } from '../../../src/index.js';
import type { Middleware } from '../../../src/core/types.js';

const quiet = levelled(console, 'off');

describe('Pacer deadlines and tracing', () => {
  it('a deadline before the next slot fails at once with the wait it would have taken', async () => {
    const pacer = new Pacer([{ requests: 1, perMs: 5_000 }], new MemoryPacingStore(), quiet);
    const first = await pacer.acquire('key');
    await first.settle();
    const started = Date.now();
    const error = await pacer.acquire('key', { deadline: Date.now() + 1_000 }).catch((e: unknown) => e);
    // At once, not at the deadline 1 000 ms away; the margin is for a loaded machine.
    expect(Date.now() - started).toBeLessThan(800);
    expect(error).toBeInstanceOf(PacingTimeoutError);
    expect((error as PacingTimeoutError).waitMs).toBeGreaterThan(4_500);
    expect((error as PacingTimeoutError).leftMs).toBeLessThanOrEqual(1_000);
    // A deadline after the slot just waits for it.
    const later = await pacer
      .acquire('key', { deadline: Date.now() + 60_000, signal: AbortSignal.timeout(10) })
      .catch((e: unknown) => e);
    expect((later as Error).name).toBe('TimeoutError'); // the signal, not the deadline, ended it
  });

  it('adds every wait of a call to its tracing context', async () => {
    const pacer = new Pacer([{ requests: 1, perMs: 150 }], new MemoryPacingStore(), quiet);
    const trace: { pacingWaitMs?: number } = {};
    const fetch = pacedFetch(pacer, () => async () => new Response('{}'), { apiKey: 'key', timeout: 5_000, trace });
    await fetch('http://127.0.0.1:1/a');
    expect(trace.pacingWaitMs).toBe(0);
    await fetch('http://127.0.0.1:1/a'); // a retry of the same call: waits for the window
    expect(trace.pacingWaitMs).toBeGreaterThanOrEqual(100);
  });

  it('a call resolves only once its slot is settled in a shared store', async () => {
    const service = await startLimitedService({ requests: 10, windowMs: 1_000 });
    const inner = new MemoryPacingStore();
    const settled: string[] = [];
    // A shared store (not the in-memory class) whose settle is slow, like a distant Redis.
    const slow: PacingStore = {
      acquire: (key, limits) => inner.acquire(key, limits),
      peek: (key, limits) => inner.peek(key, limits),
      settle: async (key, id) => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        inner.settle(key, id);
        settled.push(id);
      },
    };
    try {
      const client = new CreditPlatform({
        apiKey: 'k',
        baseUrl: service.baseUrl,
        logLevel: 'off',
        pacing: { limits: [{ requests: 10, perMs: 1_000 }], store: slow },
      });
      await client.accounts.me();
      expect(settled).toHaveLength(1);
    } finally {
      await service.close();
    }
  });
});

// The wiring in the client (transport/http-core.ts): the call's trace context gets the waits, and
// pacing acts on the network call only. The call's `totalTimeout` as the pacer's deadline is
// tested with the rest of totalTimeout, in test/core/transport/total-timeout.test.ts.
describe('pacing in the client', () => {
  const limits = [{ requests: 1, perMs: 5_000 }];

  it('puts the waits of a call in its trace context', async () => {
    const service = await startLimitedService({ requests: 10, windowMs: 1_000 });
    const contexts: { operation?: string; pacingWaitMs?: number }[] = [];
    const channel = diagnostics_channel.tracingChannel('credit-platform:request');
    const handlers = { start() {}, end() {}, asyncStart() {}, error() {}, asyncEnd: (c: object) => contexts.push(c) };
    channel.subscribe(handlers);
    try {
      const client = new CreditPlatform({
        apiKey: 'k',
        baseUrl: service.baseUrl,
        logLevel: 'off',
        pacing: { limits: [{ requests: 1, perMs: 200 }] },
      });
      await client.accounts.me();
      await client.accounts.me();
      expect(contexts.map((c) => c.operation)).toEqual(['accounts.me', 'accounts.me']);
      expect(contexts[0]?.pacingWaitMs).toBe(0);
      expect(contexts[1]?.pacingWaitMs).toBeGreaterThanOrEqual(100);
    } finally {
      channel.unsubscribe(handlers);
      await service.close();
    }
  });

  it('a middleware that answers from a recording spends no slot', async () => {
    const cassette: Middleware = async () =>
      Response.json({ success: true, data: { id: 'acc_rec' }, message: null }, { status: 200 });
    const client = new CreditPlatform({
      apiKey: 'k',
      baseUrl: 'http://127.0.0.1:9/api/v1',
      logLevel: 'off',
      pacing: { limits },
      middleware: [cassette],
    });
    for (let i = 0; i < 3; i++) expect((await client.accounts.me()).id).toBe('acc_rec');
    expect((await client.pacingState())?.remaining).toBe(1);
  });
});
