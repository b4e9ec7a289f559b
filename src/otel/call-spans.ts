// One client span per SDK call, from the `credit-platform:request` channel's context: started
// on `start`, given the error on `error`, ended (with its attempts' spans) on `asyncEnd`.
import {
  type Attributes,
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
import { withoutQueryValues } from './query-values.js';

interface CallSpans {
  readonly call: Span;
  readonly attempts: { readonly attempt: number; readonly span: Span }[];
  abortedByUser: boolean;
}

const calls = new WeakMap<RequestTraceContext, CallSpans>();

// Only the two W3C trace-context headers: a propagator's `baggage` could carry anything.
const TRACE_CONTEXT_ONLY: TextMapSetter<RequestTraceAttemptScope> = {
  set(scope, key, value) {
    // Stryker disable next-line ConditionalExpression: the SDK's scope drops any other header as well
    if (key === 'traceparent' || key === 'tracestate') scope.setHeader(key, value);
  },
};

/** Starts the call's span; each attempt then runs in its own span, the call span's child. */
export function startCallSpan(tracer: Tracer, ctx: RequestTraceContext, propagate: boolean): void {
  const attributes: Attributes = {
    'http.request.method': ctx.method,
    'server.address': ctx.serverAddress,
    'server.port': ctx.serverPort,
    'credit_platform.operation': ctx.operation,
    'credit_platform.request_id': ctx.requestId,
  };
  // Stryker disable next-line ConditionalExpression: OpenTelemetry drops an undefined attribute too
  if (ctx.pathTemplate !== undefined) attributes['url.template'] = ctx.pathTemplate;
  const parent = context.active();
  const spans: CallSpans = {
    call: tracer.startSpan(ctx.operation, { kind: SpanKind.CLIENT, attributes }, parent),
    attempts: [],
    abortedByUser: false,
  };
  calls.set(ctx, spans);
  const inCall = trace.setSpan(parent, spans.call);
  ctx.runAttempt = (scope, send) => {
    const span = startAttemptSpan(tracer, ctx, scope.attempt, inCall);
    spans.attempts.push({ attempt: scope.attempt, span });
    const inAttempt = trace.setSpan(inCall, span);
    return context.with(inAttempt, () => {
      if (propagate) propagation.inject(inAttempt, scope, TRACE_CONTEXT_ONLY);
      return send();
    });
  };
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
  // Stryker disable next-line ConditionalExpression: `undefined >= 400` is false as well
  spans.call.setAttribute('error.type', ctx.status !== undefined && ctx.status >= 400 ? String(ctx.status) : name);
}

/** Ends the call's span and its attempts' spans; false when the call had none. */
export function endCallSpan(ctx: RequestTraceContext): boolean {
  const spans = calls.get(ctx);
  if (spans === undefined) return false;
  // Stryker disable next-line CallExpression: a context ends once, so nothing reads its entry again
  calls.delete(ctx);
  const { call, attempts, abortedByUser } = spans;
  const last = ctx.attemptRecords.length;
  for (const { attempt, span } of attempts) {
    endAttemptSpan(span, ctx.attemptRecords[attempt - 1], abortedByUser && attempt === last);
  }
  // Stryker disable next-line ConditionalExpression: OpenTelemetry drops an undefined attribute too
  if (ctx.status !== undefined) call.setAttribute('http.response.status_code', ctx.status);
  call.setAttribute('credit_platform.attempts', last);
  if (ctx.pacingWaitMs !== undefined) call.setAttribute('credit_platform.pacing_wait_ms', Math.round(ctx.pacingWaitMs));
  for (const record of ctx.attemptRecords) addRetryWait(call, record);
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
