// What both otel suites read from the in-memory exporter, and the fetch instrumentation's stand-in.
import { type Attributes, context, SpanKind, type Tracer } from '@opentelemetry/api';
import type { InMemorySpanExporter, ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { http, ok, url } from './msw.js';

export const parentOf = (span: ReadableSpan | undefined) => span?.parentSpanContext?.spanId;
export const idOf = (span: ReadableSpan | undefined) => span?.spanContext().spanId;

/** The exporter's spans by kind: the SDK's call spans and attempt spans, and the stand-in's fetch spans. */
export function spanQueries(exporter: InMemorySpanExporter) {
  const ours = () => exporter.getFinishedSpans().filter((span) => span.instrumentationScope.name === 'credit-platform');
  return {
    callSpans: () => ours().filter((span) => 'credit_platform.operation' in span.attributes),
    attemptSpans: () =>
      ours().filter((span) => span.kind === SpanKind.CLIENT && !('credit_platform.operation' in span.attributes)),
    fetchSpans: () => exporter.getFinishedSpans().filter((span) => span.name === 'fetch'),
  };
}

/** A fetch instrumentation's stand-in: one span per fetch, under whatever context is active. */
export function fetchWithSpan(tracer: Tracer): typeof fetch {
  return (input, init) => {
    const span = tracer.startSpan('fetch', { kind: SpanKind.CLIENT }, context.active());
    return fetch(input, init).finally(() => span.end());
  };
}

/** The attributes of the call span of `deposits.retrieve('dep_42')`, answered with a 200. */
export function retrievedDepositAttributes(requestId: string): Attributes {
  return {
    'http.request.method': 'GET',
    'url.template': '/deposits/{depositId}',
    'server.address': 'api.credit.test',
    'server.port': 443,
    'http.response.status_code': 200,
    'credit_platform.operation': 'deposits.retrieve',
    'credit_platform.request_id': requestId,
    'credit_platform.attempts': 1,
  };
}

/** An answer that aborts `controller` as the request arrives, so the caller's abort cuts the attempt. */
export async function abortThenHold(controller: AbortController): Promise<Response> {
  controller.abort();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return ok({ id: 'acc_1' });
}

/** A handler of `GET accounts/me` that answers with {@link abortThenHold}. */
export function abortingOnArrival(controller: AbortController) {
  return http.get(url('accounts/me'), () => abortThenHold(controller));
}
