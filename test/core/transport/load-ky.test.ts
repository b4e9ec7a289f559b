// ky loads on the first request (src/core/transport/load-ky.ts): one load for concurrent first
// calls, and a failed load is not kept, so the next call tries again.
import { afterEach, describe, expect, it, vi } from 'vitest';

const KY_PARTS = '../../../src/core/transport/ky-parts.js';

afterEach(() => {
  vi.doUnmock(KY_PARTS);
  vi.resetModules();
});

describe('loadKy', () => {
  it("concurrent calls share one load, and the loaded module holds ky's request function and error classes", async () => {
    vi.resetModules();
    const loader = await import('../../../src/core/transport/load-ky.js');
    const first = loader.loadKy();
    expect(loader.loadKy()).toBe(first);
    await first;
    const ky = await import('ky');
    expect([loader.ky.default, loader.ky.HTTPError, loader.ky.NetworkError, loader.ky.TimeoutError]).toEqual([
      ky.default,
      ky.HTTPError,
      ky.NetworkError,
      ky.TimeoutError,
    ]);
  });

  it('a failed load is retried by the next call', async () => {
    vi.resetModules();
    vi.doMock(KY_PARTS, () => {
      throw new Error('chunk missing');
    });
    const loader = await import('../../../src/core/transport/load-ky.js');
    await expect(loader.loadKy()).rejects.toThrow();
    vi.doUnmock(KY_PARTS);
    await loader.loadKy();
    expect(typeof loader.ky.HTTPError).toBe('function');
  });
});
