// Turns the SDK's `credit-platform:request` trace events into OpenTelemetry client spans. It only
// listens to the channel every call already publishes on: the client knows nothing of it, and
// `import 'credit-platform'` does not load @opentelemetry/api.
import diagnostics_channel from 'node:diagnostics_channel';
import {
  type Attributes,
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';
import type { RequestTraceAttempt, RequestTraceContext } from '../core/observability/tracing.js';
import { TRACING_CHANNEL } from '../core/observability/tracing.js';
import { ConfigurationError } from '../errors/index.js';
import { VERSION } from '../version.js';
import { WEBHOOK_TRACING_CHANNEL, type WebhookDeliveryTraceContext } from '../webhooks/tracing/delivery-tracing.js';
import { endDeliverySpan, startDeliverySpan } from './delivery-spans.js';

const TRACER_NAME = 'credit-platform';
/** How often to look for a global tracer provider registered after instrumenting. */
const PROVIDER_CHECK_MS = 1_000;

/**
 * Options of {@link instrumentCreditPlatform}.
 *
 * @example
 * ```ts
 * import type { InstrumentCreditPlatformOptions } from 'credit-platform/otel';
 * const options: InstrumentCreditPlatformOptions = { propagateTraceContext: false };
 * ```
 */
export interface InstrumentCreditPlatformOptions {
  /**
   * The provider whose tracer makes the spans. Default: the global one
   * (`trace.setGlobalTracerProvider`, which the OpenTelemetry Node SDK sets).
   */
  readonly tracerProvider?: TracerProvider;
  /**
   * Send the `traceparent` (and `tracestate`) header of the call's span to the service, through
   * the global propagator. Default `false`: the service is a third party, and a trace id tells it
   * which of your requests belong together. No other header (`baggage`) is ever sent.
   */
  readonly propagateTraceContext?: boolean;
}

/**
 * What {@link instrumentCreditPlatform} returns.
 *
 * @example
 * ```ts
 * import { instrumentCreditPlatform } from 'credit-platform/otel';
 * const instrumentation = instrumentCreditPlatform();
 * process.on('SIGTERM', () => instrumentation.disable());
 * ```
 */
export interface CreditPlatformInstrumentation {
  /** Stops making spans (and looking for a provider); calls in flight still end theirs, then it unsubscribes. */
  disable(): void;
}

// What the span of a call knows between `start` and `asyncEnd`.
const spans = new WeakMap<RequestTraceContext, Span>();

/**
 * Makes one OpenTelemetry client span per SDK call, named by the operation (`transactions.list`),
 * with the HTTP client semantic conventions: `http.request.method`, `url.template`
 * (`/deposits/{depositId}`, never the ids), `server.address`, `server.port`,
 * `http.response.status_code`, `error.type` on failure, and `http.request.resend_count` when the
 * call retried; plus `credit_platform.request_id` (the call's `requestId`, as on its errors and
 * log lines) and `credit_platform.attempts`. Each attempt is a `credit_platform.attempt` event, each
 * wait before a retry a `credit_platform.retry_wait` event, and the time spent waiting for
 * pacing slots `credit_platform.pacing_wait_ms`. Each attempt's fetch runs in the span's context,
 * so a span that a fetch instrumentation makes for it is the call span's child. A failed call
 * records the error (its name and redacted message) and sets the span's status to error.
 *
 * Each delivery a webhook receiver handles is a server span, `webhook <event type>` (`webhook
 * delivery` when it was not verified), with `credit_platform.webhook.event_id` and `.event_type`
 * (verified deliveries only), `credit_platform.webhook.outcome` and `http.response.status_code`;
 * the handler runs in its context, so the spans your handler makes are its children.
 *
 * No span ever holds the key, a header value, a body or a query value. With no tracer provider
 * registered it does not even subscribe (the SDK then does no tracing work at all); it checks
 * once a second, unreferenced, for a provider registered later.
 *
 * @example
 * ```ts
 * import { CreditPlatform } from 'credit-platform';
 * import { instrumentCreditPlatform } from 'credit-platform/otel';
 *
 * instrumentCreditPlatform(); // after your OpenTelemetry SDK has registered its provider
 * const client = new CreditPlatform();
 * await client.accounts.me(); // one client span: "accounts.me"
 * ```
 */
export function instrumentCreditPlatform(options: InstrumentCreditPlatformOptions = {}): CreditPlatformInstrumentation {
  checkOptions(options);
  const channel = diagnostics_channel.tracingChannel<unknown, RequestTraceContext>(TRACING_CHANNEL);
  const deliveries = diagnostics_channel.tracingChannel<unknown, WebhookDeliveryTraceContext>(WEBHOOK_TRACING_CHANNEL);
  const propagate = options.propagateTraceContext === true;
  let tracer: Tracer | undefined;
  let subscribed = false;
  // Spans started and not yet ended: after disable() the handlers stay until these end.
  let open = 0;
  const unsubscribe = (): void => {
    if (subscribed) {
      channel.unsubscribe(handlers);
      deliveries.unsubscribe(deliveryHandlers);
    }
    subscribed = false;
  };
  const ended = (): void => {
    open--;
    if (tracer === undefined && open === 0) unsubscribe();
  };
  const handlers = {
    start(ctx: RequestTraceContext): void {
      if (tracer === undefined) return;
      startSpan(tracer, ctx, propagate);
      open++;
    },
    end(): void {},
    asyncStart(): void {},
    error(ctx: RequestTraceContext): void {
      recordError(ctx);
    },
    asyncEnd(ctx: RequestTraceContext): void {
      if (endSpan(ctx)) ended();
    },
  };
  const deliveryHandlers = {
    start(ctx: WebhookDeliveryTraceContext): void {
      if (tracer === undefined) return;
      startDeliverySpan(tracer, ctx);
      open++;
    },
    end(): void {},
    asyncStart(): void {},
    error(): void {},
    asyncEnd(ctx: WebhookDeliveryTraceContext): void {
      if (endDeliverySpan(ctx)) ended();
    },
  };
  const subscribe = (): boolean => {
    tracer = tracerOf(options.tracerProvider);
    if (tracer === undefined) return false;
    channel.subscribe(handlers);
    deliveries.subscribe(deliveryHandlers);
    subscribed = true;
    return true;
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  if (!subscribe()) {
    timer = setInterval(() => {
      if (subscribe()) clearInterval(timer);
    }, PROVIDER_CHECK_MS);
    (timer as { unref?: () => void }).unref?.();
  }
  return {
    disable() {
      clearInterval(timer);
      tracer = undefined;
      if (open === 0) unsubscribe();
    },
  };
}

function checkOptions(options: InstrumentCreditPlatformOptions): void {
  if (options === null || typeof options !== 'object') {
    throw new ConfigurationError('options', 'instrumentCreditPlatform takes an options object, or nothing.');
  }
  const { tracerProvider, propagateTraceContext } = options;
  if (tracerProvider !== undefined && typeof (tracerProvider as Partial<TracerProvider>).getTracer !== 'function') {
    throw new ConfigurationError(
      'tracerProvider',
      'tracerProvider must be an OpenTelemetry TracerProvider (with a getTracer method), such as the NodeTracerProvider your tracing set-up creates.',
    );
  }
  if (propagateTraceContext !== undefined && typeof propagateTraceContext !== 'boolean') {
    throw new ConfigurationError('propagateTraceContext', 'propagateTraceContext must be true or false.');
  }
}

// The given provider's tracer; else the global provider's, but only once one is registered: the
// global API answers with a proxy that makes no-op spans until then.
function tracerOf(provider: TracerProvider | undefined): Tracer | undefined {
  if (provider) return provider.getTracer(TRACER_NAME, VERSION);
  const global = trace.getTracerProvider() as TracerProvider & {
    getDelegateTracer?: (name: string, version?: string) => Tracer | undefined;
  };
  return typeof global.getDelegateTracer === 'function'
    ? global.getDelegateTracer(TRACER_NAME, VERSION)
    : global.getTracer(TRACER_NAME, VERSION);
}

function startSpan(tracer: Tracer, ctx: RequestTraceContext, propagate: boolean): void {
  const attributes: Attributes = {
    'http.request.method': ctx.method,
    'server.address': ctx.serverAddress,
    'server.port': ctx.serverPort,
    'credit_platform.operation': ctx.operation,
    'credit_platform.request_id': ctx.requestId,
  };
  if (ctx.pathTemplate !== undefined) attributes['url.template'] = ctx.pathTemplate;
  const parent = context.active();
  const span = tracer.startSpan(ctx.operation, { kind: SpanKind.CLIENT, attributes }, parent);
  spans.set(ctx, span);
  const inSpan = trace.setSpan(parent, span);
  ctx.runAttempt = (scope, send) =>
    context.with(inSpan, () => {
      if (propagate) {
        propagation.inject(inSpan, scope, {
          set(carrier, key, value) {
            if (key === 'traceparent' || key === 'tracestate') carrier.setHeader(key, value);
          },
        });
      }
      return send();
    });
}

function recordError(ctx: RequestTraceContext): void {
  const span = spans.get(ctx);
  if (span === undefined) return;
  const error = ctx.error;
  const name = error instanceof Error ? error.name : 'Error';
  // SDK errors have the key and the call's secrets redacted from their message; the stack is
  // left out, as it repeats the message and adds nothing a span needs.
  span.recordException({ name, message: error instanceof Error ? error.message : String(error) });
  span.setStatus({ code: SpanStatusCode.ERROR, message: name });
  // The semantic conventions: the status code for an error status, else the error's type.
  span.setAttribute('error.type', ctx.status !== undefined && ctx.status >= 400 ? String(ctx.status) : name);
}

// Ends the call's span; false when the call had none (it started before the provider was found).
function endSpan(ctx: RequestTraceContext): boolean {
  const span = spans.get(ctx);
  if (span === undefined) return false;
  spans.delete(ctx);
  const attempts = ctx.attempts ?? ctx.attemptRecords.length;
  if (ctx.status !== undefined) span.setAttribute('http.response.status_code', ctx.status);
  span.setAttribute('credit_platform.attempts', attempts);
  if (attempts > 1) span.setAttribute('http.request.resend_count', attempts - 1);
  if (ctx.pacingWaitMs !== undefined) span.setAttribute('credit_platform.pacing_wait_ms', Math.round(ctx.pacingWaitMs));
  for (const attempt of ctx.attemptRecords) addAttemptEvents(span, attempt);
  span.end();
  return true;
}

function addAttemptEvents(span: Span, attempt: RequestTraceAttempt): void {
  const ended = attempt.startTime + (attempt.durationMs ?? 0);
  const attributes: Attributes = { 'credit_platform.attempt': attempt.attempt };
  if (attempt.durationMs !== undefined) attributes['credit_platform.duration_ms'] = Math.round(attempt.durationMs);
  if (attempt.status !== undefined) attributes['http.response.status_code'] = attempt.status;
  if (attempt.failure !== undefined) attributes['error.type'] = attempt.failure;
  span.addEvent('credit_platform.attempt', attributes, ended);
  if (attempt.waitMs !== undefined) {
    span.addEvent(
      'credit_platform.retry_wait',
      { 'credit_platform.wait_ms': Math.round(attempt.waitMs), 'credit_platform.wait_source': attempt.waitSource ?? 'backoff' },
      ended,
    );
  }
}
