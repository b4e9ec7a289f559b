import { describe, expect, it } from 'vitest';
import { BACKOFF } from '../../../src/core/retry-policy.js';
import { ConfigurationError, RequestValidationError } from '../../../src/index.js';
import type { Middleware } from '../../../src/core/types.js';
import { captureError } from '../../helpers/capture.js';
import { API_KEY, client, fail, http, ok, url, useMswServer } from '../../helpers/msw.js';

const server = useMswServer();

describe('middleware', () => {
  it('runs once per attempt, inside the retry loop, and never sees the key', async () => {
    let calls = 0;
    const keysSent: (string | null)[] = [];
    server.use(
      http.get(url('accounts/me'), ({ request }) => {
        keysSent.push(request.headers.get('x-api-key'));
        return ++calls < 3 ? fail(503, 'busy', [], { 'retry-after': '0' }) : ok({ id: 'acc_1' });
      }),
    );
    const seen: Request[] = [];
    const record: Middleware = (request, next) => {
      seen.push(request);
      return next(request);
    };
    const saved = { ...BACKOFF };
    Object.assign(BACKOFF, { baseMs: 2, maxMs: 4 });
    try {
      await client({ middleware: [record], maxRetries: 2 }).accounts.me();
    } finally {
      Object.assign(BACKOFF, saved);
    }
    expect(seen).toHaveLength(3);
    for (const request of seen) expect(request.headers.get('x-api-key')).toBeNull();
    // The key was still sent, after the last middleware.
    expect(keysSent).toEqual([API_KEY, API_KEY, API_KEY]);
  });

  it('client middleware wraps per-call middleware; a middleware can add a request id and time the attempt', async () => {
    server.use(http.get(url('accounts/me'), ({ request }) => ok({ id: request.headers.get('x-request-id') })));
    const order: string[] = [];
    const timings: number[] = [];
    const requestId: Middleware = (request, next) => {
      order.push('client');
      const headers = new Headers(request.headers);
      headers.set('x-request-id', 'req_42');
      return next(new Request(request, { headers }));
    };
    const timing: Middleware = async (request, next) => {
      order.push('call');
      const started = performance.now();
      const response = await next(request);
      timings.push(performance.now() - started);
      return response;
    };
    const me = await client({ middleware: [requestId] }).accounts.me({ middleware: [timing] });
    expect(me.id).toBe('req_42');
    expect(order).toEqual(['client', 'call']);
    expect(timings).toHaveLength(1);
  });

  it('a middleware may answer without sending (a recorded cassette), and it goes through the same envelope rules', async () => {
    let sent = 0;
    server.use(
      http.get(url('accounts/me'), () => {
        sent++;
        return ok({ id: 'live' });
      }),
    );
    const cassette: Middleware = async () =>
      new Response(JSON.stringify({ success: true, data: { id: 'recorded' }, message: null }), { status: 200 });
    expect((await client({ middleware: [cassette] }).accounts.me()).id).toBe('recorded');
    expect(sent).toBe(0);
  });

  it('a middleware cannot put a key of its own in place of the client key', async () => {
    let sentKey: string | null = null;
    server.use(
      http.get(url('accounts/me'), ({ request }) => {
        sentKey = request.headers.get('x-api-key');
        return ok({ id: 'a' });
      }),
    );
    const sneaky: Middleware = (request, next) => {
      const headers = new Headers(request.headers);
      headers.set('X-API-Key', 'cp_other_key_value');
      return next(new Request(request, { headers }));
    };
    await client({ middleware: [sneaky] }).accounts.me();
    expect(sentKey).toBe(API_KEY);
  });

  it('bad middleware is refused: at construction for the client, before sending for a call', async () => {
    expect(() => client({ middleware: ['nope' as never] })).toThrow(ConfigurationError);
    const error = await captureError(client().accounts.me({ middleware: [42 as never] }));
    expect(error).toBeInstanceOf(RequestValidationError);
  });
});
