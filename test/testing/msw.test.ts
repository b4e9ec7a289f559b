import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFakeCreditPlatform, createManualClock } from '../../src/testing/index.js';
import { createFakeHandlers } from '../../src/testing/msw.js';

const fake = createFakeCreditPlatform({ clock: createManualClock(), transactions: 40 });
const gateway = createFakeCreditPlatform({ clock: createManualClock(), transactions: 2 });
const server = setupServer(
  ...createFakeHandlers(fake, { baseUrl: 'https://api.example.test/api/v1' }),
  ...createFakeHandlers(gateway, { baseUrl: 'https://gw.example.test/credit/v1/' }),
);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => fake.faults.clear());
afterAll(() => server.close());

describe('msw handlers', () => {
  it('answers fetch calls from the fake', async () => {
    const res = await fetch('https://api.example.test/api/v1/accounts/me', { headers: { 'X-API-Key': fake.apiKey } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('600');
    expect((await res.json()).data.id).toBe(fake.accountId);
  });

  it('keeps the fake state across requests (create, then list)', async () => {
    const headers = { 'X-API-Key': fake.apiKey, 'content-type': 'application/json' };
    const created = await fetch('https://api.example.test/api/v1/deposits', {
      method: 'POST',
      headers,
      body: JSON.stringify({ token: 'ETH', chain: 'Base', amount: '1.25' }),
    });
    expect(created.status).toBe(201);
    const id = (await created.json()).data.id;
    const list = await (await fetch('https://api.example.test/api/v1/deposits', { headers })).json();
    expect(list.data.items.map((d: { id: string }) => d.id)).toContain(id);
  });

  it('maps another base path onto the fake', async () => {
    const res = await fetch('https://gw.example.test/credit/v1/transactions?limit=5', {
      headers: { 'X-API-Key': gateway.apiKey },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data.items).toHaveLength(2);
  });

  it('turns a dropped connection into a network error', async () => {
    fake.faults.inject({ path: '/accounts/me', kind: 'drop' });
    await expect(fetch('https://api.example.test/api/v1/accounts/me', { headers: { 'X-API-Key': fake.apiKey } })).rejects.toThrow(
      TypeError,
    );
  });

  it('leaves requests outside the base URL unhandled (an error with onUnhandledFrame)', async () => {
    // msw reports the unhandled request on console.error: expected here, so it is checked
    // and kept out of the test output (a passing `npm test` prints no errors).
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(fetch('https://unrelated.example.test/x')).rejects.toThrow();
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0]?.[0])).toMatch(
      /intercepted a request without a matching request handler:\s+• GET https:\/\/unrelated\.example\.test\/x/,
    );
  });
});
