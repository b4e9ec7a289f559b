// pacedFetch, the per-attempt wrapper: which signal and which deadline reach the pacer, and that
// nothing is sent when the wait ends the call.
import { describe, expect, it, vi } from 'vitest';
import type { LevelledLogger } from '../../../src/core/config/logger.js';
import { MemoryPacingStore } from '../../../src/core/pacing/memory-store.js';
import { pacedFetch } from '../../../src/core/pacing/paced-fetch.js';
import { Pacer } from '../../../src/core/pacing/pacer.js';
import { PacingTimeoutError } from '../../../src/errors/index.js';

const silent: LevelledLogger = { debug: undefined, info: undefined, warn: undefined, error: undefined };

function setup(limits = [{ requests: 1, perMs: 60_000 }]) {
  const pacer = new Pacer(limits, new MemoryPacingStore(), silent);
  const sent: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    sent.push(String(input));
    return new Response('{}');
  });
  return { pacer, sent, resolveFetch: () => fetch };
}

describe('pacedFetch', () => {
  it('sends through the pacer without a tracing context', async () => {
    const { pacer, sent, resolveFetch } = setup();
    const response = await pacedFetch(pacer, resolveFetch, { apiKey: 'key', timeout: 5_000 })('http://127.0.0.1:1/a');
    expect(response.status).toBe(200);
    expect(sent).toEqual(['http://127.0.0.1:1/a']);
  });

  it('honours the signal of init when the input is a URL: an aborted call sends nothing', async () => {
    const { pacer, sent, resolveFetch } = setup();
    const reason = new Error('caller gave up');
    const fetch = pacedFetch(pacer, resolveFetch, { apiKey: 'key', timeout: 5_000 });
    await expect(fetch('http://127.0.0.1:1/a', { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(sent).toEqual([]);
  });

  it("a whole call's deadline before the next slot fails the attempt at once, though its own timeout would wait", async () => {
    const { pacer, sent, resolveFetch } = setup();
    const call = { apiKey: 'key', timeout: 120_000, deadline: Date.now() + 1_000 };
    await pacedFetch(pacer, resolveFetch, { apiKey: 'key', timeout: 5_000 })('http://127.0.0.1:1/first');
    const error = await pacedFetch(pacer, resolveFetch, call)('http://127.0.0.1:1/second').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PacingTimeoutError);
    expect((error as PacingTimeoutError).leftMs).toBeLessThanOrEqual(1_000);
    expect(sent).toEqual(['http://127.0.0.1:1/first']);
  });
});
