// ky loads on the first request (src/core/transport/load-ky.ts): one load for concurrent first
// calls, resolving with ky itself, and a failed load is not kept, so the next call tries again.
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('ky');
  vi.resetModules();
});

describe('loadKy', () => {
  it("concurrent calls share one load, which resolves with ky's module", async () => {
    vi.resetModules();
    const loader = await import('../../../src/core/transport/load-ky.js');
    const first = loader.loadKy();
    expect(loader.loadKy()).toBe(first);
    const loaded = await first;
    const ky = await import('ky');
    expect([loaded.default, loaded.HTTPError, loaded.NetworkError, loaded.TimeoutError]).toEqual([
      ky.default,
      ky.HTTPError,
      ky.NetworkError,
      ky.TimeoutError,
    ]);
  });

  it('a failed load is retried by the next call', async () => {
    vi.resetModules();
    vi.doMock('ky', () => {
      throw new Error('chunk missing');
    });
    const loader = await import('../../../src/core/transport/load-ky.js');
    await expect(loader.loadKy()).rejects.toThrow();
    vi.doUnmock('ky');
    const loaded = await loader.loadKy();
    expect(typeof loaded.HTTPError).toBe('function');
  });
});
