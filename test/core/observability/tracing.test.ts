import diagnostics_channel from 'node:diagnostics_channel';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestTracing } from '../../../src/core/observability/tracing.js';
import { BACKOFF } from '../../../src/core/retry-policy.js';
import { NotFoundError, type RequestTraceContext, TRACING_CHANNEL } from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { API_KEY, client, fail, http, ok, url, useMswServer } from '../../helpers/msw.js';
import { traceGuard } from '../../setup/leak-guard.js';

const server = useMswServer();

const saved = { ...BACKOFF };
afterEach(() => {
  Object.assign(BACKOFF, saved);
});

describe('tracing channel credit-platform:request', () => {
  const channel = diagnostics_channel.tracingChannel<unknown, RequestTraceContext>(TRACING_CHANNEL);

  function subscribe() {
    const events: { event: string; context: RequestTraceContext }[] = [];
    const handlers = {
      start: (context: RequestTraceContext) => events.push({ event: 'start', context: { ...context } }),
      end: (context: RequestTraceContext) => events.push({ event: 'end', context: { ...context } }),
      asyncStart: (context: RequestTraceContext) => events.push({ event: 'asyncStart', context: { ...context } }),
      asyncEnd: (context: RequestTraceContext) => events.push({ event: 'asyncEnd', context: { ...context } }),
      error: (context: RequestTraceContext) => events.push({ event: 'error', context: { ...context } }),
    };
    channel.subscribe(handlers);
    return { events, stop: () => channel.unsubscribe(handlers) };
  }

  it('one trace per call: operation, method and path at start; status and attempts at the end', async () => {
    Object.assign(BACKOFF, { baseMs: 2, maxMs: 4 });
    let n = 0;
    server.use(http.get(url('transactions'), () => (++n === 1 ? fail(502, 'proxy') : ok({ items: [], nextCursor: null }))));
    const { events, stop } = subscribe();
    try {
      await client().transactions.list({ limit: 5 });
    } finally {
      stop();
    }
    expect(events.map((e) => e.event)).toEqual(['start', 'end', 'asyncStart', 'asyncEnd']);
    expect(events[0]?.context).toEqual({
      operation: 'transactions.list',
      method: 'GET',
      path: '/transactions',
      pathTemplate: '/transactions',
      serverAddress: 'api.credit.test',
      serverPort: 443,
      attemptRecords: expect.any(Array),
      requestId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });
    expect(events[3]?.context).toMatchObject({ status: 200, attempts: 2 });
    expect(events[3]?.context.attemptRecords).toEqual([
      {
        attempt: 1,
        startTime: expect.any(Number),
        durationMs: expect.any(Number),
        status: 502,
        waitMs: expect.any(Number),
        waitSource: 'backoff',
      },
      { attempt: 2, startTime: expect.any(Number), durationMs: expect.any(Number), status: 200 },
    ]);
    expect(events[3]?.context).not.toHaveProperty('result.data');
  });

  it('a failed call publishes error with the SDK error; client.request is operation "request"', async () => {
    server.use(http.get(url('credit/limits'), () => fail(404, 'no such thing')));
    const { events, stop } = subscribe();
    try {
      await captureError(client().request('GET', '/credit/limits'));
    } finally {
      stop();
    }
    const error = events.find((e) => e.event === 'error');
    expect(error?.context.operation).toBe('request');
    expect(error?.context.error).toBeInstanceOf(NotFoundError);
    expect(events.at(-1)?.context).toMatchObject({ status: 404, attempts: 1 });
  });

  it('the path a subscriber reads has the key redacted, read at start or at the end', async () => {
    server.use(http.get(url(`lookup/${API_KEY}/owner`), () => ok({ id: 'a' })));
    const read: string[] = [];
    const handlers = {
      start: (context: RequestTraceContext) => read.push(context.path),
      end() {},
      asyncStart() {},
      asyncEnd: (context: RequestTraceContext) => read.push(context.path),
      error() {},
    };
    channel.subscribe(handlers);
    try {
      await client().request('GET', `/lookup/${API_KEY}/owner`);
    } finally {
      channel.unsubscribe(handlers);
    }
    expect(read).toEqual(['/lookup/[REDACTED]/owner', '/lookup/[REDACTED]/owner']);
  });

  it('builds and publishes nothing when nobody subscribes', async () => {
    server.use(http.get(url('accounts/me'), () => ok({ id: 'a' })));
    const traced = vi.spyOn(requestTracing as NonNullable<typeof requestTracing>, 'tracePromise');
    traceGuard.channel.unsubscribe(traceGuard.handlers);
    try {
      expect(channel.hasSubscribers).toBe(false);
      await client().accounts.me();
      expect(traced).not.toHaveBeenCalled();
    } finally {
      traceGuard.channel.subscribe(traceGuard.handlers);
    }
    const { stop } = subscribe();
    try {
      await client().accounts.me();
    } finally {
      stop();
    }
    expect(traced).toHaveBeenCalledTimes(1);
  });
});
