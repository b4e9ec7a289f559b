import { afterEach, describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, startFakeServer, type FakeServer } from '../../../src/testing/index.js';

// startFakeServer answers anyone on its network who knows its key, so its default key is random;
// a seed (or the key itself) still makes it reproducible for tests that need that.
const servers: FakeServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function start(options: Parameters<typeof startFakeServer>[0] = {}): Promise<FakeServer> {
  const server = await startFakeServer({ transactions: 0, ...options });
  servers.push(server);
  return server;
}

const WELL_KNOWN = createFakeCreditPlatform({ seed: 1 }).apiKey;

describe('startFakeServer: the key', () => {
  it('is random without a seed or a key: never the seed-1 key, new on every start, and it works', async () => {
    const [a, b] = [await start(), await start()];
    expect(a.apiKey).toMatch(/^cpk_test_[0-9a-f]{40}$/);
    expect(a.apiKey).not.toBe(WELL_KNOWN);
    expect(b.apiKey).not.toBe(a.apiKey);
    expect((await fetch(`${a.baseUrl}/accounts/me`, { headers: { 'X-API-Key': a.apiKey } })).status).toBe(200);
    // The seed-1 key is not a key of this server at all.
    expect((await fetch(`${a.baseUrl}/accounts/me`, { headers: { 'X-API-Key': WELL_KNOWN } })).status).toBe(401);
  });

  it('keeps the data of seed 1 when only the key is random', async () => {
    const server = await start({ transactions: 3 });
    expect(server.fake.accountId).toBe(createFakeCreditPlatform({ seed: 1 }).accountId);
  });

  it('is derived from a given seed, the same on every start (seed 1 included)', async () => {
    expect((await start({ seed: 1 })).apiKey).toBe(WELL_KNOWN);
    const seven = createFakeCreditPlatform({ seed: 7 }).apiKey;
    expect((await start({ seed: 7 })).apiKey).toBe(seven);
    expect((await start({ seed: 7 })).apiKey).toBe(seven);
  });

  it('is the given apiKey, with or without a seed', async () => {
    expect((await start({ apiKey: 'cpk_test_given_0001' })).apiKey).toBe('cpk_test_given_0001');
    expect((await start({ apiKey: 'cpk_test_given_0002', seed: 3 })).apiKey).toBe('cpk_test_given_0002');
  });

  it("is the given fake's own key", async () => {
    const fake = createFakeCreditPlatform();
    expect((await start({ fake })).apiKey).toBe(fake.apiKey);
  });
});
