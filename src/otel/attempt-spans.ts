// One client span per attempt: the HTTP semantic conventions' span per physical request, so the
// resend count, the status and the failure of each try sit where a trace viewer shows them.
import { type Context, type Span, SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import type { RequestTraceAttempt, RequestTraceContext } from '../core/observability/tracing.js';
import { errorStatus } from './error-status.js';

/** Starts the span of attempt `attempt` of the call `ctx`, under `parent` (the call's span). */
export function startAttemptSpan(tracer: Tracer, ctx: RequestTraceContext, attempt: number, parent: Context): Span {
  const name = ctx.pathTemplate === undefined ? ctx.method : `${ctx.method} ${ctx.pathTemplate}`;
  const attributes = {
    'http.request.method': ctx.method,
    'url.template': ctx.pathTemplate,
    'server.address': ctx.serverAddress,
    'server.port': ctx.serverPort,
    'http.request.resend_count': attempt > 1 ? attempt - 1 : undefined,
  };
  // The record's clock, so that the span's start and end (below) are read from one clock.
  // Stryker disable next-line OptionalChaining: the SDK records each attempt before it runs it
  const startTime = ctx.attemptRecords[attempt - 1]?.startTime;
  return tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes, startTime }, parent);
}

/**
 * Ends an attempt's span from its record. `cutByUser` says the caller's abort ended this
 * attempt: then only an error status the service answered counts as the attempt's error.
 */
export function endAttemptSpan(span: Span, record: RequestTraceAttempt, cutByUser: boolean): void {
  const errorType = errorStatus(record.status, 400) ?? (cutByUser ? undefined : record.failure);
  span.setAttributes({ 'http.response.status_code': record.status, 'error.type': errorType });
  if (errorType !== undefined) span.setStatus({ code: SpanStatusCode.ERROR });
  // Stryker disable next-line ConditionalExpression: when the call ends, each of its attempts has ended and has its duration
  span.end(record.durationMs === undefined ? undefined : record.startTime + record.durationMs);
}
