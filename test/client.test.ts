import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../src/index.js';
import { captureError } from './helpers/capture.js';
import { API_KEY, BASE_URL as GIVEN_URL, client, countSent, HttpResponse, http, ok, url, useMswServer } from './helpers/msw.js';

const server = useMswServer();

// The client keeps its base URL with the trailing slash that makes relative paths resolve under it.
const BASE_URL = `${GIVEN_URL}/`;

const limits = [{ requests: 5, perMs: 60_000 }];

describe('CreditPlatform', () => {
  it('is safe to log: JSON and util.inspect show its base URL, never its key', () => {
    const c = client();
    expect(JSON.parse(JSON.stringify(c))).toEqual({ name: 'CreditPlatform', baseUrl: BASE_URL });
    expect(inspect(c)).toBe(`CreditPlatform ${JSON.stringify({ name: 'CreditPlatform', baseUrl: BASE_URL })}`);
    expect(inspect(c, { depth: 5, showHidden: true })).not.toContain(API_KEY);
  });

  it('reports the rate limit of the latest response that carried one, and keeps it through responses without', async () => {
    let remaining = 10;
    server.use(
      http.get(url('accounts/me'), () =>
        ok(
          { id: 'acc_1' },
          {
            headers: {
              'x-ratelimit-limit': '120',
              'x-ratelimit-remaining': String(--remaining),
              'x-ratelimit-reset': '1709856000',
            },
          },
        ),
      ),
      // No X-RateLimit headers at all (ok() would add some).
      http.get(url('plain'), () => HttpResponse.json({ success: true, data: {} })),
    );
    const c = client();
    expect(c.rateLimit).toBeUndefined();
    await Promise.all([c.accounts.me(), c.accounts.me()]);
    expect(c.rateLimit?.remaining).toBe(8);
    await c.request('GET', '/plain');
    expect(c.rateLimit?.remaining).toBe(8);
    await c.accounts.me();
    expect(c.rateLimit).toMatchObject({ limit: 120, remaining: 7 });
  });

  it('a clone paces on its parent’s store unless it is given its own; pacingState is undefined without pacing', async () => {
    server.use(http.get(url('accounts/me'), () => ok({ id: 'acc_1' })));
    expect(await client().pacingState()).toBeUndefined();
    const parent = client({ pacing: { limits } });
    await parent.accounts.me();
    await parent.accounts.me();
    const clone = parent.withOptions({ pacing: { limits } });
    expect((await clone.pacingState())?.windows[0]?.used).toBe(2);
    const { MemoryPacingStore } = await import('../src/core/pacing/memory-store.js');
    const own = parent.withOptions({ pacing: { limits, store: new MemoryPacingStore() } });
    expect((await own.pacingState())?.windows[0]?.used).toBe(0);
    expect((await parent.withOptions({ timeout: 5_000 }).pacingState())?.windows[0]?.used).toBe(2);
  });

  it('client.request refuses an unknown option by name, sending nothing', async () => {
    const sent = countSent(server);
    const error = await captureError(client().request('GET', '/credit/lines', { tiemout: 5 } as never));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toMatch(/^Unknown option `tiemout`: did you mean `timeout`\?/);
    expect(sent()).toBe(0);
  });
});
