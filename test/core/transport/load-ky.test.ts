// ky loads on the first request (src/core/transport/load-ky.ts): one load for concurrent first
// calls, and a failed load is not kept, so the next call tries again.
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('ky');
  vi.resetModules();
});

describe('loadKy', () => {
  it('concurrent calls share one load, and the loaded module is ky', async () => {
    vi.resetModules();
    const { loadKy } = await import('../../../src/core/transport/load-ky.js');
    const first = loadKy();
    expect(loadKy()).toBe(first);
    const loaded = await first;
    const { ky } = await import('../../../src/core/transport/load-ky.js');
    expect(ky).toBe(loaded);
    expect(typeof loaded.default.create).toBe('function');
  });

  it('a failed load is retried by the next call', async () => {
    vi.resetModules();
    vi.doMock('ky', () => {
      throw new Error('chunk missing');
    });
    const { loadKy } = await import('../../../src/core/transport/load-ky.js');
    await expect(loadKy()).rejects.toThrow();
    vi.doUnmock('ky');
    const loaded = await loadKy();
    expect(typeof loaded.HTTPError).toBe('function');
  });
});
