// The instrumentation as a NodeSDK user lists it: the SDK registers it, gives it the global
// tracer provider (a proxy until start() registers the real one) and its own context manager.
import { context, metrics, propagation, SpanStatusCode, trace } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKOFF } from '../../src/core/retry-policy.js';
import { APIUserAbortError, type CreditPlatformError } from '../../src/index.js';
import { CreditPlatformInstrumentation, type CreditPlatformInstrumentationConfig } from '../../src/otel/index.js';
import { VERSION } from '../../src/version.js';
import { captureError } from '../helpers/capture.js';
import { client, fail, http, ok, url, useMswServer } from '../helpers/msw.js';
import {
  abortingOnArrival,
  fetchWithSpan,
  idOf,
  parentOf,
  retrievedDepositAttributes,
  spanQueries,
} from '../helpers/otel-spans.js';

const server = useMswServer();
let sdk: NodeSDK | undefined;
let instrumentation: CreditPlatformInstrumentation | undefined;

// A fresh exporter per NodeSDK: its shutdown() stops the exporter for good.
function startSdk(config?: CreditPlatformInstrumentationConfig) {
  // Nothing but the in-memory exporter: no OTLP metrics or logs exporter from the defaults.
  vi.stubEnv('OTEL_METRICS_EXPORTER', 'none');
  vi.stubEnv('OTEL_LOGS_EXPORTER', 'none');
  const exporter = new InMemorySpanExporter();
  instrumentation = new CreditPlatformInstrumentation(config);
  sdk = new NodeSDK({
    autoDetectResources: false,
    spanProcessors: [new SimpleSpanProcessor(exporter)],
    instrumentations: [instrumentation],
  });
  sdk.start();
  return { exporter, ...spanQueries(exporter) };
}

const saved = { ...BACKOFF };
afterEach(async () => {
  instrumentation?.disable();
  await sdk?.shutdown();
  sdk = undefined;
  // NodeSDK registers globals; the next test's start() registers its own.
  trace.disable();
  context.disable();
  propagation.disable();
  metrics.disable();
  vi.unstubAllEnvs();
  Object.assign(BACKOFF, saved);
});

describe('CreditPlatformInstrumentation listed in NodeSDK', () => {
  it('makes the call span and an attempt span under it, whose child is the fetch span', async () => {
    server.use(http.get(url('deposits/dep_42'), () => ok({ id: 'dep_42', status: 'pending' })));
    const { callSpans, attemptSpans, fetchSpans } = startSdk();
    const fetch = fetchWithSpan(trace.getTracer('test-fetch-instrumentation'));
    const { requestId } = await client({ fetch }).deposits.retrieve('dep_42').withResponse();
    const [call, ...moreCalls] = callSpans();
    expect(moreCalls).toEqual([]);
    expect(call?.name).toBe('deposits.retrieve');
    expect(call?.instrumentationScope).toMatchObject({ name: 'credit-platform', version: VERSION });
    expect(call?.attributes).toEqual(retrievedDepositAttributes(requestId));
    const [attempt, ...moreAttempts] = attemptSpans();
    expect(moreAttempts).toEqual([]);
    expect(attempt?.name).toBe('GET /deposits/{depositId}');
    expect(parentOf(attempt)).toBe(idOf(call));
    expect(attempt?.attributes).not.toHaveProperty('http.request.resend_count');
    const [fetchSpan] = fetchSpans();
    expect(parentOf(fetchSpan)).toBe(idOf(attempt));
    expect(fetchSpan?.spanContext().traceId).toBe(call?.spanContext().traceId);
  });

  it('is enabled by start() when constructed disabled', async () => {
    server.use(http.get(url('accounts/me'), () => ok({ id: 'acc_1' })));
    const { callSpans } = startSdk({ enabled: false });
    await client().accounts.me();
    expect(callSpans().map((span) => span.name)).toEqual(['accounts.me']);
    expect(instrumentation?.getConfig()).toEqual({ enabled: false });
  });

  it('puts the resend count on the retry attempt span only, and each fetch span under its attempt', async () => {
    Object.assign(BACKOFF, { baseMs: 2, maxMs: 4 });
    let n = 0;
    server.use(http.get(url('accounts/me'), () => (++n === 1 ? fail(503, 'busy') : ok({ id: 'acc_1' }))));
    const { callSpans, attemptSpans, fetchSpans } = startSdk();
    await client({ fetch: fetchWithSpan(trace.getTracer('test-fetch-instrumentation')) }).accounts.me();
    const [call] = callSpans();
    expect(call?.attributes).not.toHaveProperty('http.request.resend_count');
    const [first, second] = attemptSpans();
    expect(first?.attributes).not.toHaveProperty('http.request.resend_count');
    expect(second?.attributes['http.request.resend_count']).toBe(1);
    expect(fetchSpans().map(parentOf)).toEqual([idOf(first), idOf(second)]);
  });

  it('keeps the query values out of the exception event when the service echoes the URL', async () => {
    server.use(http.get(url('transactions'), ({ request }) => fail(422, `invalid request ${request.url}`)));
    const { exporter, callSpans } = startSdk();
    const error = (await captureError(client().transactions.list({ cursor: 'cursor_SECRETISH_77' }))) as CreditPlatformError;
    expect(error.message).toContain('cursor_SECRETISH_77');
    const [call] = callSpans();
    expect(call?.status.code).toBe(SpanStatusCode.ERROR);
    const exception = call?.events.find((event) => event.name === 'exception');
    expect(exception?.attributes?.['exception.message']).toMatch(/\/transactions\?cursor=\[REDACTED\]/);
    const dump = JSON.stringify(
      exporter.getFinishedSpans().map((span) => [span.name, span.attributes, span.events, span.status]),
    );
    expect(dump).not.toContain('cursor_SECRETISH_77');
  });

  it('an abort by the caller is not an error of the call span or its attempt span', async () => {
    const controller = new AbortController();
    server.use(abortingOnArrival(controller));
    const { callSpans, attemptSpans } = startSdk();
    expect(await captureError(client().accounts.me({ signal: controller.signal }))).toBeInstanceOf(APIUserAbortError);
    const [call] = callSpans();
    const [attempt] = attemptSpans();
    for (const span of [call, attempt]) {
      expect(span?.status.code).toBe(SpanStatusCode.UNSET);
      expect(span?.attributes).not.toHaveProperty('error.type');
      expect(span?.events.map((event) => event.name)).not.toContain('exception');
    }
  });
});
