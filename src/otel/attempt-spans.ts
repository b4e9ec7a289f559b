// One client span per attempt: the HTTP semantic conventions' span per physical request, so the
// resend count, the status and the failure of each try sit where a trace viewer shows them.
import { type Attributes, type Context, type Span, SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import type { RequestTraceAttempt, RequestTraceContext } from '../core/observability/tracing.js';

/** Starts the span of attempt `attempt` of the call `ctx`, under `parent` (the call's span). */
export function startAttemptSpan(tracer: Tracer, ctx: RequestTraceContext, attempt: number, parent: Context): Span {
  const attributes: Attributes = {
    'http.request.method': ctx.method,
    'server.address': ctx.serverAddress,
    'server.port': ctx.serverPort,
  };
  // Stryker disable next-line ConditionalExpression: OpenTelemetry drops an undefined attribute too
  if (ctx.pathTemplate !== undefined) attributes['url.template'] = ctx.pathTemplate;
  if (attempt > 1) attributes['http.request.resend_count'] = attempt - 1;
  const name = ctx.pathTemplate === undefined ? ctx.method : `${ctx.method} ${ctx.pathTemplate}`;
  // The record's clock, so that the span's start and end (below) are read from one clock.
  // Stryker disable next-line OptionalChaining: the SDK records each attempt before it runs it
  const startTime = ctx.attemptRecords[attempt - 1]?.startTime;
  return tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes, startTime }, parent);
}

/**
 * Ends an attempt's span from its record. `cutByUser` says the caller's abort ended this
 * attempt: then only an error status the service answered counts as the attempt's error.
 */
export function endAttemptSpan(span: Span, record: RequestTraceAttempt | undefined, cutByUser: boolean): void {
  // Stryker disable next-line OptionalChaining: the SDK records each attempt before it runs it
  const status = record?.status;
  // Stryker disable next-line ConditionalExpression: OpenTelemetry drops an undefined attribute too
  if (status !== undefined) span.setAttribute('http.response.status_code', status);
  // Stryker disable next-line ConditionalExpression,OptionalChaining: `undefined >= 400` is false as well; the record is always there
  const errorType = status !== undefined && status >= 400 ? String(status) : cutByUser ? undefined : record?.failure;
  if (errorType !== undefined) {
    span.setAttribute('error.type', errorType);
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  // Stryker disable next-line OptionalChaining,ConditionalExpression: the record is always there, its duration set when the attempt ended
  span.end(record?.durationMs === undefined ? undefined : record.startTime + record.durationMs);
}
