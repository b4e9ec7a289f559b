// One client span per SDK call, from the `credit-platform:request` channel's context: started
// on `start`, given the error on `error`, ended (with its attempts' spans) on `asyncEnd`.
import {
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapSetter,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { RequestTraceAttempt, RequestTraceAttemptScope, RequestTraceContext } from '../core/observability/tracing.js';
import { APIUserAbortError } from '../errors/index.js';
import { endAttemptSpan, startAttemptSpan } from './attempt-spans.js';
import { errorStatus } from './error-status.js';
import { withoutQueryValues } from './query-values.js';

interface CallSpans {
  readonly call: Span;
  // By attempt number: an attempt that a middleware answered without sending it has no span.
  readonly attempts: Map<number, Span>;
  abortedByUser: boolean;
}

// Weak: an entry goes with its call's context.
const calls = new WeakMap<RequestTraceContext, CallSpans>();

// Only the two W3C trace-context headers: a propagator's `baggage` could carry anything.
const TRACE_CONTEXT_ONLY: TextMapSetter<RequestTraceAttemptScope> = {
  set(scope, key, value) {
    if (key === 'traceparent' || key === 'tracestate') scope.setHeader(key, value);
  },
};

/**
 * Starts the call's span; each attempt then runs in its own span, the call span's child. False,
 * and nothing more done, when the span has no valid context: no tracer provider is registered
 * (OpenTelemetry's no-op tracer) and no trace is active, so nothing under the call can be
 * recorded or propagated either. A call a sampler dropped has a valid context and goes on, so
 * that the spans under it (a fetch instrumentation's) and the `traceparent` it sends carry the
 * decision.
 */
export function startCallSpan(tracer: Tracer, ctx: RequestTraceContext, propagate: boolean): boolean {
  const attributes = {
    'http.request.method': ctx.method,
    'url.template': ctx.pathTemplate,
    'server.address': ctx.serverAddress,
    'server.port': ctx.serverPort,
    'credit_platform.operation': ctx.operation,
    'credit_platform.request_id': ctx.requestId,
  };
  const parent = context.active();
  const call = tracer.startSpan(ctx.operation, { kind: SpanKind.CLIENT, attributes }, parent);
  if (!trace.isSpanContextValid(call.spanContext())) return false;
  const spans: CallSpans = { call, attempts: new Map(), abortedByUser: false };
  calls.set(ctx, spans);
  const inCall = trace.setSpan(parent, call);
  ctx.runAttempt = (scope, send) => {
    const span = startAttemptSpan(tracer, ctx, scope.attempt, inCall);
    spans.attempts.set(scope.attempt, span);
    const inAttempt = trace.setSpan(inCall, span);
    return context.with(inAttempt, () => {
      if (propagate) propagation.inject(inAttempt, scope, TRACE_CONTEXT_ONLY);
      return send();
    });
  };
  return true;
}

/** Records the call's error on its span: an exception event, the error status and `error.type`. */
export function recordCallError(ctx: RequestTraceContext): void {
  const spans = calls.get(ctx);
  if (spans === undefined) return;
  const error = ctx.error;
  // The caller's own decision, not a failure: the status stays unset, as instrumentation-undici
  // leaves it for an aborted fetch.
  if (error instanceof APIUserAbortError) {
    spans.abortedByUser = true;
    return;
  }
  const name = error instanceof Error ? error.name : 'Error';
  // SDK errors have the key and the call's secrets redacted from their message, but a service
  // that echoes the URL puts its query in it. The stack repeats the message and is left out.
  const message = withoutQueryValues(error instanceof Error ? error.message : String(error));
  spans.call.recordException({ name, message });
  spans.call.setStatus({ code: SpanStatusCode.ERROR, message: name });
  // The semantic conventions: the status code for an error status, else the error's type.
  spans.call.setAttribute('error.type', errorStatus(ctx.status, 400) ?? name);
}

/** Ends the call's span and its attempts' spans; false when the call had none. */
export function endCallSpan(ctx: RequestTraceContext): boolean {
  const spans = calls.get(ctx);
  if (spans === undefined) return false;
  const { call, attempts, abortedByUser } = spans;
  const last = ctx.attemptRecords.length;
  for (const record of ctx.attemptRecords) {
    const span = attempts.get(record.attempt);
    if (span !== undefined) endAttemptSpan(span, record, abortedByUser && record.attempt === last);
    addRetryWait(call, record);
  }
  call.setAttributes({
    'http.response.status_code': ctx.status,
    'credit_platform.attempts': last,
    'credit_platform.pacing_wait_ms': ctx.pacingWaitMs === undefined ? undefined : Math.round(ctx.pacingWaitMs),
  });
  call.end();
  return true;
}

function addRetryWait(span: Span, record: RequestTraceAttempt): void {
  if (record.waitMs === undefined) return;
  span.addEvent(
    'credit_platform.retry_wait',
    {
      'credit_platform.attempt': record.attempt,
      'credit_platform.wait_ms': Math.round(record.waitMs),
      'credit_platform.wait_source': record.waitSource,
    },
    record.startTime + (record.durationMs ?? 0),
  );
}
