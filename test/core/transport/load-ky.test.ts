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
    const loader = await import('../../../src/core/transport/load-ky.js');
    const first = loader.loadKy();
    expect(loader.loadKy()).toBe(first);
    await first;
    expect(loader.ky).toBe(await import('ky'));
  });

  it('a failed load is retried by the next call', async () => {
    vi.resetModules();
    vi.doMock('ky', () => {
      throw new Error('chunk missing');
    });
    const loader = await import('../../../src/core/transport/load-ky.js');
    await expect(loader.loadKy()).rejects.toThrow();
    vi.doUnmock('ky');
    await loader.loadKy();
    expect(typeof loader.ky.HTTPError).toBe('function');
  });
});
