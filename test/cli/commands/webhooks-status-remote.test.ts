import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-run.js';
import { API_KEY, http, ok, useMswServer } from '../../helpers/msw.js';

// `webhooks status` asks a fake on this machine what it forwards (`/_fake/forward`), and only a
// fake on this machine: a base URL that is not plain http on loopback is the service, or someone
// else's host, and gets no request beyond the subscriptions' list.

const server = useMswServer();

function service(origin: string): { forwardAsked: () => number } {
  let asked = 0;
  server.use(
    http.get(`${origin}/api/v1/webhooks`, () => ok({ items: [], nextCursor: null })),
    http.get(`${origin}/_fake/forward`, () => {
      asked++;
      return ok({ url: 'http://localhost:3000/webhooks', events: 1, undelivered: 0, lastFailure: null });
    }),
  );
  return { forwardAsked: () => asked };
}

describe('credit-platform webhooks status away from loopback', () => {
  it.each([
    ['plain http to another host', 'http://api.credit.test'],
    ['https', 'https://api.credit.test'],
  ])('never asks %s for a forward: the subscriptions are the whole answer', async (_, origin) => {
    const { forwardAsked } = service(origin);
    const env = { CREDIT_PLATFORM_API_KEY: API_KEY, CREDIT_PLATFORM_BASE_URL: `${origin}/api/v1` };
    const result = await cli(['webhooks', 'status'], { env });
    expect(result).toMatchObject({ code: 0, stdout: '' });
    // (Plain http to another host also gets the client's cleartext warning first.)
    expect(result.stderr).toMatch(
      /^(?:credit-platform: baseUrl uses plain http:\/\/.*\n)?webhooks status: no subscription: the service sends this account no events\.\n$/,
    );
    expect(forwardAsked()).toBe(0);
  });
});
