// OpenTelemetry: one client span per SDK call, with a span per attempt under it, from
// credit-platform/otel.
//
//   npm run example -- opentelemetry        # against the in-process fake, spans printed
//
// In an application, list `new CreditPlatformInstrumentation()` in NodeSDK's `instrumentations`
// (with your OTLP exporter) instead of the in-memory provider and the one-liner below.
import { trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { CreditPlatform } from 'credit-platform';
import { instrumentCreditPlatform } from 'credit-platform/otel';
import { startFakeServer } from 'credit-platform/testing';

const exporter = new InMemorySpanExporter();
trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
const instrumentation = instrumentCreditPlatform();

const server = await startFakeServer();
try {
  const client = new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl, maxRetries: 2, logLevel: 'error' });
  // One fault, so one span shows a retry: the first GET /accounts/me gets a 503.
  server.fake.faults.inject({ path: '/accounts/me', kind: 'status', status: 503, headers: { 'retry-after': '1' } });
  await client.accounts.me();
  await client.transactions.list({ limit: 5 });
  const failed = await client.deposits.retrieve('dep_does_not_exist').catch((error: unknown) => error);

  const spans = exporter.getFinishedSpans();
  const calls = spans.filter((span) => span.attributes['credit_platform.operation'] !== undefined);
  for (const span of calls) {
    const a = span.attributes;
    const status = a['error.type'] === undefined ? 'ok' : `error ${a['error.type']} (${span.status.message})`;
    console.log(
      `span "${span.name}": ${a['http.request.method']} ${a['url.template']} -> ${a['http.response.status_code']}, ${a['credit_platform.attempts']} attempt(s), ${status}`,
    );
    for (const attempt of spans.filter((child) => child.parentSpanContext?.spanId === span.spanContext().spanId)) {
      const resent = attempt.attributes['http.request.resend_count'];
      console.log(
        `  attempt span "${attempt.name}" -> ${attempt.attributes['http.response.status_code']}${resent === undefined ? '' : `, resend ${resent}`}`,
      );
    }
  }
  const failedSpan = calls.find((span) => span.attributes['error.type'] !== undefined);
  const sameId = failedSpan?.attributes['credit_platform.request_id'] === (failed as { requestId?: string }).requestId;
  console.log(`the failed call's error.requestId is its span's credit_platform.request_id: ${sameId}`);
  const keyInSpans = JSON.stringify(spans.map((s) => [s.attributes, s.events])).includes(server.apiKey);
  console.log(
    `${calls.length} call spans and ${spans.length - calls.length} attempt spans recorded; key in any span: ${keyInSpans}`,
  );
  if (calls.length !== 3 || spans.length !== 7 || keyInSpans || !sameId) process.exitCode = 1;
} finally {
  instrumentation.disable();
  await server.close();
}
