import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics_channel from 'node:diagnostics_channel';
import {
  type Context,
  type ContextManager,
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import {
  CompositePropagator,
  millisToHrTime,
  TraceState,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
} from '@opentelemetry/core';
import {
  AlwaysOffSampler,
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RequestTraceContext, requestTracing, TRACING_CHANNEL } from '../../src/core/observability/tracing.js';
import { BACKOFF } from '../../src/core/retry-policy.js';
import { APIUserAbortError, type CreditPlatformError, type Logger } from '../../src/index.js';
import { CreditPlatformInstrumentation, instrumentCreditPlatform } from '../../src/otel/index.js';
import {
  createSignedWebhookDelivery,
  createWebhookReceiver,
  WEBHOOK_TRACING_CHANNEL,
  type WebhookDeliveryTraceContext,
} from '../../src/webhooks/index.js';
import { captureError } from '../helpers/capture.js';
import { API_KEY, client, fail, http, ok, url, useMswServer } from '../helpers/msw.js';
import { depositData, SECRET } from '../helpers/verify-both.js';
import { VERSION } from '../../src/version.js';
import { traceGuard } from '../setup/leak-guard.js';
import {
  abortingOnArrival,
  abortThenHold,
  fetchWithSpan,
  idOf,
  parentOf,
  retrievedDepositAttributes,
  spanQueries,
} from '../helpers/otel-spans.js';

const server = useMswServer();

// What @opentelemetry/context-async-hooks does, in a few lines: context.with() follows async work.
class TestContextManager implements ContextManager {
  readonly #storage = new AsyncLocalStorage<Context>();
  active(): Context {
    return this.#storage.getStore() ?? ROOT_CONTEXT;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    ctx: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    return this.#storage.run(ctx, () => fn.call(thisArg, ...args));
  }
  bind<T>(_ctx: Context, target: T): T {
    return target;
  }
  enable(): this {
    return this;
  }
  disable(): this {
    this.#storage.disable();
    return this;
  }
}

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer('test-fetch-instrumentation');
let instrumentation: CreditPlatformInstrumentation | undefined;

beforeAll(() => {
  context.setGlobalContextManager(new TestContextManager());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
});
afterAll(() => {
  context.disable();
  propagation.disable();
});

const saved = { ...BACKOFF };
afterEach(() => {
  instrumentation?.disable();
  instrumentation = undefined;
  exporter.reset();
  trace.disable();
  Object.assign(BACKOFF, saved);
});

const { callSpans, attemptSpans, fetchSpans } = spanQueries(exporter);

// The suite's leak guard subscribes to every trace; these tests watch whether the instrumentation does.
async function withoutGuard(work: () => Promise<void> | void): Promise<void> {
  traceGuard.channel.unsubscribe(traceGuard.handlers);
  try {
    await work();
  } finally {
    traceGuard.channel.subscribe(traceGuard.handlers);
  }
}
const subscribed = () => requestTracing?.hasSubscribers;

// Every context published on `name` from now on, until stop().
function contextsOf(name: string) {
  const seen: object[] = [];
  const channel = diagnostics_channel.tracingChannel<unknown, object>(name);
  const handlers = { start: (ctx: object) => seen.push(ctx), end() {}, asyncStart() {}, asyncEnd() {}, error() {} };
  channel.subscribe(handlers);
  return { seen, stop: () => channel.unsubscribe(handlers) };
}

describe('instrumentCreditPlatform', () => {
  it('makes one client span per call, named by the operation, with the HTTP client conventions and the call id', async () => {
    server.use(http.get(url('deposits/dep_42'), () => ok({ id: 'dep_42', status: 'pending' })));
    instrumentation = instrumentCreditPlatform({ tracerProvider: provider });
    const { requestId } = await client({ fetch: fetchWithSpan(tracer) })
      .deposits.retrieve('dep_42')
      .withResponse();
    const [span, ...others] = callSpans();
    expect(others).toEqual([]);
    expect(span?.name).toBe('deposits.retrieve');
    expect(span?.kind).toBe(SpanKind.CLIENT);
    expect(span?.attributes).toEqual(retrievedDepositAttributes(requestId));
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
    expect(span?.events).toEqual([]);
    const [attempt, ...moreAttempts] = attemptSpans();
    expect(moreAttempts).toEqual([]);
    expect(attempt?.name).toBe('GET /deposits/{depositId}');
    expect(attempt?.kind).toBe(SpanKind.CLIENT);
    expect(parentOf(attempt)).toBe(idOf(span));
    expect(attempt?.attributes).toEqual({
      'http.request.method': 'GET',
      'url.template': '/deposits/{depositId}',
      'server.address': 'api.credit.test',
      'server.port': 443,
      'http.response.status_code': 200,
    });
    expect(attempt?.status.code).toBe(SpanStatusCode.UNSET);
    const [fetchSpan] = fetchSpans();
    expect(parentOf(fetchSpan)).toBe(idOf(attempt));
    expect(fetchSpan?.spanContext().traceId).toBe(span?.spanContext().traceId);
  });

  it('a retried call is one span with a span per attempt, the resend count on the retry only, each fetch span its attempt span child', async () => {
    Object.assign(BACKOFF, { baseMs: 2, maxMs: 4 });
    let n = 0;
    server.use(http.get(url('accounts/me'), () => (++n === 1 ? fail(503, 'busy') : ok({ id: 'acc_1' }))));
    instrumentation = instrumentCreditPlatform({ tracerProvider: provider });
    await client({ fetch: fetchWithSpan(tracer) }).accounts.me();
    const [span] = callSpans();
    expect(span?.attributes['credit_platform.attempts']).toBe(2);
    expect(span?.attributes).not.toHaveProperty('http.request.resend_count');
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
    expect(span?.events.map((e) => e.name)).toEqual(['credit_platform.retry_wait']);
    expect(span?.events[0]?.attributes).toMatchObject({ 'credit_platform.attempt': 1, 'credit_platform.wait_source': 'backoff' });
    const [first, second, ...more] = attemptSpans();
    expect(more).toEqual([]);
    expect(first?.attributes).toMatchObject({ 'http.response.status_code': 503, 'error.type': '503' });
    expect(first?.attributes).not.toHaveProperty('http.request.resend_count');
    expect(first?.status.code).toBe(SpanStatusCode.ERROR);
    expect(second?.attributes).toMatchObject({ 'http.response.status_code': 200, 'http.request.resend_count': 1 });
    expect(second?.attributes).not.toHaveProperty('error.type');
    expect(second?.status.code).toBe(SpanStatusCode.UNSET);
    for (const attempt of [first, second]) expect(parentOf(attempt)).toBe(idOf(span));
    const [firstFetch, secondFetch, ...moreFetches] = fetchSpans();
    expect(moreFetches).toEqual([]);
    expect(parentOf(firstFetch)).toBe(idOf(first));
    expect(parentOf(secondFetch)).toBe(idOf(second));
  });

  it('a failed call records the error, whose requestId is the span attribute and the log lines field', async () => {
    server.use(http.get(url('deposits/dep_9'), () => fail(404, 'no such deposit')));
    const lines: Record<string, unknown>[] = [];
    const logger: Logger = {
      debug: (_m, fields) => lines.push(fields ?? {}),
      info() {},
      warn() {},
      error() {},
    };
    instrumentation = instrumentCreditPlatform({ tracerProvider: provider });
    const error = (await captureError(client({ logger, logLevel: 'debug' }).deposits.retrieve('dep_9'))) as CreditPlatformError;
    const [span] = callSpans();
    expect(span?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'NotFoundError' });
    expect(span?.attributes['error.type']).toBe('404');
    expect(span?.attributes['credit_platform.request_id']).toBe(error.requestId);
    expect(lines.map((fields) => fields.requestId)).toEqual([error.requestId]);
    const exception = span?.events.find((e) => e.name === 'exception');
    expect(exception?.attributes).toMatchObject({ 'exception.type': 'NotFoundError', 'exception.message': error.message });
    expect(exception?.attributes).not.toHaveProperty('exception.stacktrace');
  });

  it('a connection failure names its error type', async () => {
    server.use(http.get(url('accounts/me'), () => Response.error()));
    instrumentation = instrumentCreditPlatform({ tracerProvider: provider });
    await captureError(client({ maxRetries: 0 }).accounts.me());
    const [span] = callSpans();
    expect(span?.attributes['error.type']).toBe('APIConnectionError');
    expect(span?.attributes).not.toHaveProperty('http.response.status_code');
  });

  it('sends no traceparent unless propagation is on; on, the header names the attempt span', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(url('accounts/me'), ({ request }) => {
        seen.push(request.headers.get('traceparent'));
        return ok({ id: 'acc_1' });
      }),
    );
    instrumentation = instrumentCreditPlatform({ tracerProvider: provider });
    await client().accounts.me();
    instrumentation.disable();
    instrumentation = instrumentCreditPlatform({ tracerProvider: provider, propagateTraceContext: true });
    await client().accounts.me();
    const [, propagated] = attemptSpans();
    const { traceId, spanId } = propagated?.spanContext() ?? {};
    expect(seen).toEqual([null, `00-${traceId}-${spanId}-01`]);
  });

  it('puts no key, id value, query value or body in any span', async () => {
    server.use(
      http.get(url('transactions'), ({ request }) =>
        ok({
          items: [{ id: 'tx_1' }],
          nextCursor: new URL(request.url).searchParams.has('cursor') ? null : 'cursor_SECRETISH_77',
        }),
      ),
      http.post(url('webhooks'), () => fail(400, 'bad url')),
    );
    instrumentation = instrumentCreditPlatform({ tracerProvider: provider, propagateTraceContext: true });
    const sdk = client();
    await sdk.transactions.list({ limit: 1 });
    await sdk.transactions.list({ limit: 1, cursor: 'cursor_SECRETISH_77' });
    await captureError(
      sdk.webhooks.create({ url: 'https://example.com/hook', events: ['deposit.created'], secret: 'whsec_body_secret_123' }),
    );
    const dump = JSON.stringify(
      exporter
        .getFinishedSpans()
        .map((span) => ({ name: span.name, attributes: span.attributes, events: span.events, status: span.status })),
    );
    expect(callSpans()).toHaveLength(3);
    for (const secret of [API_KEY, 'cursor_SECRETISH_77', 'whsec_body_secret_123', 'example.com']) {
      expect(dump).not.toContain(secret);
    }
  });

  it('with no provider registered it does no span work and sets no timer, and follows a provider registered later', async () => {
    server.use(http.get(url('accounts/me'), () => ok({ id: 'acc_1' })));
    const timers = vi.spyOn(globalThis, 'setInterval');
    const receive = createWebhookReceiver({ secret: SECRET, on: { 'deposit.created': () => {} } });
    const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    const deliver = () => receive({ body: delivery.body, signature: delivery.headers['x-webhook-signature'] });
    instrumentation = instrumentCreditPlatform();
    // Subscribed after the instrumentation: each context as the instrumentation left it.
    const calls = contextsOf(TRACING_CHANNEL);
    const delivered = contextsOf(WEBHOOK_TRACING_CHANNEL);
    try {
      await client().accounts.me();
      await deliver();
      expect(calls.seen.map((ctx) => (ctx as RequestTraceContext).runAttempt)).toEqual([undefined]);
      expect(delivered.seen.map((ctx) => (ctx as WebhookDeliveryTraceContext).run)).toEqual([undefined]);
      expect(exporter.getFinishedSpans()).toEqual([]);
      trace.setGlobalTracerProvider(provider);
      await client().accounts.me();
      await deliver();
      expect((calls.seen[1] as RequestTraceContext | undefined)?.runAttempt).toEqual(expect.any(Function));
      expect((delivered.seen[1] as WebhookDeliveryTraceContext | undefined)?.run).toEqual(expect.any(Function));
    } finally {
      calls.stop();
      delivered.stop();
    }
    expect(callSpans().map((span) => span.name)).toEqual(['accounts.me']);
    expect(attemptSpans().map((span) => span.name)).toEqual(['GET /accounts/me']);
    expect(exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER)).toHaveLength(1);
    expect(timers).not.toHaveBeenCalled();
  });

  it('with no provider registered, disable() unsubscribes at once: nothing was left open', async () => {
    server.use(http.get(url('accounts/me'), () => ok({ id: 'acc_1' })));
    const receive = createWebhookReceiver({ secret: SECRET, on: { 'deposit.created': () => {} } });
    const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    await withoutGuard(async () => {
      instrumentation = instrumentCreditPlatform();
      await client().accounts.me();
      await receive({ body: delivery.body, signature: delivery.headers['x-webhook-signature'] });
      instrumentation.disable();
      expect(subscribed()).toBe(false);
      expect(deliveries.hasSubscribers).toBe(false);
    });
  });

  it('a call the sampler drops keeps the decision for what is under it: the traceparent says not sampled, no stray fetch span', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(url('accounts/me'), ({ request }) => {
        seen.push(request.headers.get('traceparent'));
        return ok({ id: 'acc_1' });
      }),
    );
    const dropping = new BasicTracerProvider({
      sampler: new AlwaysOffSampler(),
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    });
    instrumentation = instrumentCreditPlatform({ tracerProvider: dropping, propagateTraceContext: true });
    // The stand-in's provider samples every root span: its fetch span is dropped only as the child of a dropped one.
    await client({ fetch: fetchWithSpan(tracer) }).accounts.me();
    expect(seen).toEqual([expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/)]);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('makes no span for an attempt a middleware answers without sending, and still ends the call span', async () => {
    instrumentation = instrumentCreditPlatform({ tracerProvider: provider });
    const cached = async () => ok({ id: 'acc_cached' });
    const me = await client({ middleware: [cached] }).accounts.me();
    expect(me.id).toBe('acc_cached');
    const [call, ...more] = callSpans();
    expect(more).toEqual([]);
    expect(call?.attributes).toMatchObject({ 'http.response.status_code': 200, 'credit_platform.attempts': 1 });
    expect(attemptSpans()).toEqual([]);
  });

  it('a call the caller aborts leaves the status of its span and its attempt span unset', async () => {
    const controller = new AbortController();
    server.use(abortingOnArrival(controller));
    instrumentation = instrumentCreditPlatform({ tracerProvider: provider });
    const error = await captureError(client().accounts.me({ signal: controller.signal }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    const [span] = callSpans();
    expect(span?.status).toEqual({ code: SpanStatusCode.UNSET });
    expect(span?.attributes).not.toHaveProperty('error.type');
    expect(span?.events).toEqual([]);
    const [attempt] = attemptSpans();
    expect(attempt?.status).toEqual({ code: SpanStatusCode.UNSET });
    expect(attempt?.attributes).not.toHaveProperty('error.type');
    expect(parentOf(attempt)).toBe(idOf(span));
  });

  it('puts no query value in the exception event when the service echoes the URL in its error', async () => {
    server.use(http.get(url('transactions'), ({ request }) => fail(400, `cannot serve GET ${request.url}`)));
    instrumentation = instrumentCreditPlatform({ tracerProvider: provider });
    const error = (await captureError(
      client().transactions.list({ limit: 5, cursor: 'cursor_SECRETISH_77' }),
    )) as CreditPlatformError;
    expect(error.message).toContain('cursor_SECRETISH_77');
    const [span] = callSpans();
    const exception = span?.events.find((e) => e.name === 'exception');
    expect(exception?.attributes?.['exception.message']).toContain('/transactions?');
    expect(exception?.attributes?.['exception.message']).toContain('cursor=[REDACTED]');
    expect(JSON.stringify(exporter.getFinishedSpans().map((s) => [s.attributes, s.events, s.status]))).not.toContain(
      'cursor_SECRETISH_77',
    );
  });

  it('refuses options it cannot use, naming the option', () => {
    expect(() => instrumentCreditPlatform({ tracerProvider: {} as never })).toThrow(
      /tracerProvider must be an OpenTelemetry TracerProvider/,
    );
    expect(() => instrumentCreditPlatform({ propagateTraceContext: 'yes' as never })).toThrow(
      /propagateTraceContext must be true or false/,
    );
    expect(() => new CreditPlatformInstrumentation({ enabled: 'no' as never })).toThrow(/enabled must be true or false/);
    expect(() => new CreditPlatformInstrumentation({ enabled: false }).setTracerProvider({} as never)).toThrow(
      /tracerProvider must be an OpenTelemetry TracerProvider/,
    );
    return withoutGuard(() => {
      expect(() => instrumentCreditPlatform(null as never)).toThrow(/takes an options object/);
      expect(subscribed()).toBe(false);
    });
  });

  it('makes a server span per webhook delivery, with the verified event id and type, and the handler spans as children', async () => {
    instrumentation = instrumentCreditPlatform({ tracerProvider: provider });
    const receive = createWebhookReceiver({
      secret: SECRET,
      on: {
        'deposit.created': async () => {
          await Promise.resolve();
          tracer.startSpan('ledger insert', {}, context.active()).end();
        },
      },
    });
    const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    await receive({ body: delivery.body, signature: delivery.headers['x-webhook-signature'] });
    await receive({ body: delivery.body, signature: 'ab'.repeat(32) });
    const [verified, forged] = exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER);
    expect(verified?.name).toBe('webhook deposit.created');
    expect(verified?.attributes).toEqual({
      'http.response.status_code': 200,
      'credit_platform.webhook.outcome': 'processed',
      'credit_platform.webhook.event_id': delivery.event.id,
      'credit_platform.webhook.event_type': 'deposit.created',
    });
    const child = exporter.getFinishedSpans().find((span) => span.name === 'ledger insert');
    expect(parentOf(child as ReadableSpan)).toBe(verified?.spanContext().spanId);
    expect(forged?.name).toBe('webhook delivery');
    expect(forged?.attributes).toEqual({
      'http.response.status_code': 401,
      'credit_platform.webhook.outcome': 'invalid_signature',
    });
    expect(forged?.status.code).toBe(SpanStatusCode.UNSET);
    const dump = JSON.stringify(exporter.getFinishedSpans().map((span) => [span.attributes, span.events]));
    expect(dump).not.toContain(SECRET);
    expect(dump).not.toContain(delivery.headers['x-webhook-signature']);
  });

  it('a delivery whose handler throws is a 5xx server span with an error status', async () => {
    instrumentation = instrumentCreditPlatform({ tracerProvider: provider });
    const receive = createWebhookReceiver({
      secret: SECRET,
      onError() {},
      on: {
        'deposit.created': () => {
          throw new Error('ledger down');
        },
      },
    });
    const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    await receive({ body: delivery.body, signature: delivery.headers['x-webhook-signature'] });
    const [span] = exporter.getFinishedSpans();
    expect(span?.attributes).toMatchObject({ 'http.response.status_code': 500, 'error.type': '500' });
    expect(span?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'handler_error' });
  });
});

const ms = ([seconds, nanos]: [number, number]) => seconds * 1_000 + nanos / 1e6;
const deliveries = diagnostics_channel.tracingChannel(WEBHOOK_TRACING_CHANNEL);

describe('attempt spans', () => {
  it('time each attempt from its record: the middleware included, the first ended before the retry, the wait between them', async () => {
    Object.assign(BACKOFF, { baseMs: 20, maxMs: 20 });
    let n = 0;
    server.use(http.get(url('accounts/me'), () => (++n === 1 ? fail(503, 'busy') : ok({ id: 'acc_1' }))));
    instrumentation = instrumentCreditPlatform({ tracerProvider: provider });
    const slowMiddleware = async (request: Request, next: (request: Request) => Promise<Response>) => {
      await new Promise((resolve) => setTimeout(resolve, 40));
      return next(request);
    };
    await client({ middleware: [slowMiddleware] }).accounts.me();
    const [call] = callSpans();
    const [first, second] = attemptSpans();
    expect(ms(first?.duration ?? [0, 0])).toBeGreaterThanOrEqual(35);
    expect(ms(first?.endTime ?? [0, 0])).toBeLessThanOrEqual(ms(second?.startTime ?? [0, 0]));
    expect(ms(second?.endTime ?? [0, 0])).toBeLessThanOrEqual(ms(call?.endTime ?? [0, 0]) + 1);
    const [wait] = call?.events ?? [];
    expect(ms(wait?.time ?? [0, 0])).toBeCloseTo(ms(first?.endTime ?? [0, 0]), 0);
    expect(wait?.attributes?.['credit_platform.wait_source']).toBe('backoff');
  });

  it('starts and ends each attempt span at its record, read from the one clock', async () => {
    Object.assign(BACKOFF, { baseMs: 2, maxMs: 4 });
    let n = 0;
    server.use(http.get(url('accounts/me'), () => (++n === 1 ? fail(503, 'busy') : ok({ id: 'acc_1' }))));
    const traced: RequestTraceContext[] = [];
    const handlers = {
      start: (ctx: RequestTraceContext) => traced.push(ctx),
      end() {},
      asyncStart() {},
      asyncEnd() {},
      error() {},
    };
    requestTracing?.subscribe(handlers);
    instrumentation = instrumentCreditPlatform({ tracerProvider: provider });
    try {
      await client().accounts.me();
    } finally {
      requestTracing?.unsubscribe(handlers);
    }
    const records = traced[0]?.attemptRecords ?? [];
    expect(records).toHaveLength(2);
    const spans = attemptSpans();
    expect(spans.map((span) => span.startTime)).toEqual(records.map((record) => millisToHrTime(record.startTime)));
    expect(spans.map((span) => span.endTime)).toEqual(
      records.map((record) => millisToHrTime(record.startTime + (record.durationMs ?? Number.NaN))),
    );
  });

  it('names a call of client.request() by its method alone, with no url.template', async () => {
    server.use(http.get(url('accounts/me'), () => ok({ id: 'acc_1' })));
    instrumentation = instrumentCreditPlatform({ tracerProvider: provider });
    await client().request('GET', '/accounts/me');
    const [call] = callSpans();
    const [attempt] = attemptSpans();
    expect(call?.name).toBe('request');
    expect(attempt?.name).toBe('GET');
    for (const span of [call, attempt]) expect(span?.attributes).not.toHaveProperty('url.template');
  });

  it('marks an attempt answered 400 as an error, and a failed attempt before an aborted one too', async () => {
    server.use(http.get(url('deposits/dep_1'), () => fail(400, 'bad')));
    instrumentation = instrumentCreditPlatform({ tracerProvider: provider });
    await captureError(client().deposits.retrieve('dep_1'));
    const [call] = callSpans();
    const [answered] = attemptSpans();
    expect(call?.attributes['error.type']).toBe('400');
    expect(answered?.attributes['error.type']).toBe('400');
    expect(answered?.status.code).toBe(SpanStatusCode.ERROR);
    exporter.reset();
    Object.assign(BACKOFF, { baseMs: 2, maxMs: 4 });
    const controller = new AbortController();
    let n = 0;
    server.use(http.get(url('accounts/me'), () => (++n === 1 ? Response.error() : abortThenHold(controller))));
    await captureError(client().accounts.me({ signal: controller.signal }));
    const [failed, cut] = attemptSpans();
    expect(failed?.attributes['error.type']).toEqual(expect.any(String));
    expect(failed?.status.code).toBe(SpanStatusCode.ERROR);
    expect(cut?.status.code).toBe(SpanStatusCode.UNSET);
    expect(cut?.attributes).not.toHaveProperty('error.type');
  });

  it('marks a connection failure as the attempt span error', async () => {
    server.use(http.get(url('accounts/me'), () => Response.error()));
    instrumentation = instrumentCreditPlatform({ tracerProvider: provider });
    await captureError(client({ maxRetries: 0 }).accounts.me());
    const [attempt] = attemptSpans();
    expect(attempt?.attributes['error.type']).toEqual(expect.any(String));
    expect(attempt?.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('names the error class, not the status, when a 200 answer is unusable', async () => {
    server.use(http.get(url('accounts/me'), () => new Response('not json', { status: 200 })));
    instrumentation = instrumentCreditPlatform({ tracerProvider: provider });
    await captureError(client().accounts.me());
    const [call] = callSpans();
    expect(call?.attributes['error.type']).toBe('InvalidResponseError');
  });

  it('records the time a call waited for pacing slots', async () => {
    server.use(http.get(url('accounts/me'), () => ok({ id: 'acc_1' })));
    instrumentation = instrumentCreditPlatform({ tracerProvider: provider });
    const paced = client({ pacing: { limits: [{ requests: 1, perMs: 150 }] } });
    await paced.accounts.me();
    await paced.accounts.me();
    const waits = callSpans().map((span) => span.attributes['credit_platform.pacing_wait_ms'] as number);
    expect(Math.max(...waits)).toBeGreaterThanOrEqual(50);
  });

  it('sends the parent tracestate with the traceparent, and never baggage', async () => {
    const seen: Record<string, string | null>[] = [];
    server.use(
      http.get(url('accounts/me'), ({ request }) => {
        seen.push({ tracestate: request.headers.get('tracestate'), baggage: request.headers.get('baggage') });
        return ok({ id: 'acc_1' });
      }),
    );
    // The API keeps the first global propagator registered (the suite's): disable() lets this one in.
    propagation.disable();
    propagation.setGlobalPropagator(
      new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
    );
    // Between the instrumentation and the SDK's own scope (which takes the two names only):
    // the header names the instrumentation asks for.
    const asked: string[] = [];
    const between = {
      start(ctx: RequestTraceContext) {
        const run = ctx.runAttempt;
        if (run === undefined) return;
        ctx.runAttempt = (scope, send) =>
          run(
            {
              attempt: scope.attempt,
              setHeader(name, value) {
                asked.push(name);
                scope.setHeader(name, value);
              },
            },
            send,
          );
      },
      end() {},
      asyncStart() {},
      asyncEnd() {},
      error() {},
    };
    try {
      instrumentation = instrumentCreditPlatform({ tracerProvider: provider, propagateTraceContext: true });
      requestTracing?.subscribe(between);
      const parent = trace.setSpanContext(ROOT_CONTEXT, {
        traceId: '0af7651916cd43dd8448eb211c80319c',
        spanId: 'b7ad6b7169203331',
        traceFlags: 1,
        traceState: new TraceState('vendor=1'),
      });
      const withBaggage = propagation.setBaggage(parent, propagation.createBaggage({ user: { value: 'u_1' } }));
      await context.with(withBaggage, () => client().accounts.me());
    } finally {
      requestTracing?.unsubscribe(between);
      propagation.disable();
      propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    }
    expect(seen).toEqual([{ tracestate: 'vendor=1', baggage: null }]);
    expect(asked.sort()).toEqual(['traceparent', 'tracestate']);
  });
});

describe('CreditPlatformInstrumentation, enabled and disabled', () => {
  it('has the Instrumentation names and its config, and takes a new config', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(url('accounts/me'), ({ request }) => {
        seen.push(request.headers.get('traceparent'));
        return ok({ id: 'acc_1' });
      }),
    );
    instrumentation = new CreditPlatformInstrumentation();
    instrumentation.setTracerProvider(provider);
    expect(instrumentation.instrumentationName).toBe('credit-platform');
    expect(instrumentation.instrumentationVersion).toBe(VERSION);
    expect(instrumentation.getConfig()).toEqual({ enabled: true });
    instrumentation.setConfig({ propagateTraceContext: true });
    expect(instrumentation.getConfig()).toEqual({ enabled: true, propagateTraceContext: true });
    await client().accounts.me();
    expect(seen).toEqual([expect.stringMatching(/^00-/)]);
    instrumentation.setConfig({ enabled: false });
    expect(instrumentation.getConfig()).toEqual({ enabled: false });
    instrumentation.setConfig();
    expect(instrumentation.getConfig()).toEqual({ enabled: true });
    expect(() => instrumentation?.setConfig({ enabled: 1 as never })).toThrow(/enabled must be true or false/);
    expect(() => instrumentCreditPlatform('yes' as never)).toThrow(/takes an options object/);
    expect(() => instrumentation?.setTracerProvider(null as never)).toThrow(/tracerProvider must be/);
  });

  it('enabled twice makes one span per call; disabled then enabled, spans again', async () => {
    server.use(http.get(url('accounts/me'), () => ok({ id: 'acc_1' })));
    instrumentation = instrumentCreditPlatform({ tracerProvider: provider });
    instrumentation.enable();
    await client().accounts.me();
    expect(callSpans()).toHaveLength(1);
    await withoutGuard(async () => {
      instrumentation?.disable();
      expect(subscribed()).toBe(false);
      expect(deliveries.hasSubscribers).toBe(false);
      instrumentation?.enable();
      expect(subscribed()).toBe(true);
    });
    await client().accounts.me();
    expect(callSpans()).toHaveLength(2);
  });

  it('a delivery that starts after disable() and ends first leaves the span of the one in flight to end', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const heldReceive = createWebhookReceiver({ secret: SECRET, on: { 'deposit.created': () => held } });
    const quickReceive = createWebhookReceiver({ secret: SECRET, on: { 'deposit.created': () => {} } });
    const first = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    const second = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    await withoutGuard(async () => {
      instrumentation = instrumentCreditPlatform({ tracerProvider: provider });
      const inFlight = heldReceive({ body: first.body, signature: first.headers['x-webhook-signature'] });
      instrumentation.disable();
      const late = await quickReceive({ body: second.body, signature: second.headers['x-webhook-signature'] });
      expect(late.status).toBe(200);
      expect(deliveries.hasSubscribers).toBe(true);
      release();
      await inFlight;
      const served = exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER);
      expect(served.map((span) => span.attributes['credit_platform.webhook.event_id'])).toEqual([first.event.id]);
      expect(deliveries.hasSubscribers).toBe(false);
    });
  });

  it('disable() stops new spans (calls and deliveries), ends the spans of those in flight, then unsubscribes', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(url('accounts/me'), async () => {
        await held;
        return ok({ id: 'acc_1' });
      }),
      http.get(url('deposits/dep_9'), () => fail(404, 'no such deposit')),
    );
    const receive = createWebhookReceiver({ secret: SECRET, on: { 'deposit.created': () => held } });
    const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    const deliver = () => receive({ body: delivery.body, signature: delivery.headers['x-webhook-signature'] });
    await withoutGuard(async () => {
      const started = vi.fn();
      server.events.on('request:start', started);
      instrumentation = instrumentCreditPlatform({ tracerProvider: provider });
      const inFlight = [client().accounts.me(), client().accounts.me(), deliver()];
      await vi.waitFor(() => expect(started).toHaveBeenCalledTimes(2));
      instrumentation.disable();
      await captureError(client().deposits.retrieve('dep_9'));
      const other = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
      const late = receive({ body: other.body, signature: other.headers['x-webhook-signature'] });
      expect(subscribed()).toBe(true);
      release();
      await Promise.all([...inFlight, late]);
      expect(callSpans().map((span) => span.name)).toEqual(['accounts.me', 'accounts.me']);
      expect(exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER)).toHaveLength(1);
      expect(subscribed()).toBe(false);
      expect(deliveries.hasSubscribers).toBe(false);
      await client().accounts.me();
      expect(callSpans()).toHaveLength(2);
      server.events.removeAllListeners();
    });
  });
});
