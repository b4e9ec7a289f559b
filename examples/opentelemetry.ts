// OpenTelemetry: one span per SDK call, built from the `credit-platform:request` tracing channel.
//
//   npm run example -- opentelemetry        # against the in-process fake, spans printed
//
// The SDK depends on no tracing library: it publishes on a `node:diagnostics_channel`
// TracingChannel, and this file turns those events into spans with `@opentelemetry/api`. In an
// application, register your usual TracerProvider (sdk-trace-node with an OTLP exporter) instead
// of the in-memory one below; the subscriber stays the same.
import diagnostics_channel from 'node:diagnostics_channel';
import { type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { CreditPlatform, type RequestTraceContext, TRACING_CHANNEL } from 'credit-platform';
import { startFakeServer } from 'credit-platform/testing';

const exporter = new InMemorySpanExporter();
trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
const tracer = trace.getTracer('credit-platform-example');

// The span rides on the context object, which is the same object from start to asyncEnd.
type Traced = RequestTraceContext & { span?: Span };
diagnostics_channel.tracingChannel<unknown, Traced>(TRACING_CHANNEL).subscribe({
  start(ctx) {
    ctx.span = tracer.startSpan(`credit-platform ${ctx.operation}`, {
      kind: SpanKind.CLIENT,
      attributes: { 'http.request.method': ctx.method, 'url.path': ctx.path, 'credit_platform.operation': ctx.operation },
    });
  },
  end() {},
  asyncStart() {},
  error(ctx) {
    const error = ctx.error as Error;
    ctx.span?.recordException(error);
    ctx.span?.setStatus({ code: SpanStatusCode.ERROR, message: error.name });
  },
  asyncEnd(ctx) {
    if (ctx.status !== undefined) ctx.span?.setAttribute('http.response.status_code', ctx.status);
    ctx.span?.setAttribute('credit_platform.attempts', ctx.attempts ?? 0);
    ctx.span?.end();
  },
});

const server = await startFakeServer();
try {
  const client = new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl, maxRetries: 2, logLevel: 'error' });
  // One fault, so one span shows a retry: the first GET /accounts/me gets a 503.
  server.fake.faults.inject({ path: '/accounts/me', kind: 'status', status: 503, headers: { 'retry-after': '1' } });
  await client.accounts.me();
  await client.transactions.list({ limit: 5 });
  await client.deposits.retrieve('dep_does_not_exist').catch(() => undefined);

  const spans = exporter.getFinishedSpans();
  for (const span of spans) {
    const a = span.attributes;
    const status = span.status.code === SpanStatusCode.ERROR ? `error (${span.status.message})` : 'ok';
    console.log(
      `span "${span.name}": ${a['http.request.method']} ${a['url.path']} -> ${a['http.response.status_code']}, ${a['credit_platform.attempts']} attempt(s), ${status}`,
    );
  }
  const keyInSpans = JSON.stringify(spans.map((s) => s.attributes)).includes(server.apiKey);
  console.log(`${spans.length} spans recorded; key in any span: ${keyInSpans}`);
  if (spans.length !== 3 || keyInSpans) process.exitCode = 1;
} finally {
  await server.close();
}
