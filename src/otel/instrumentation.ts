import diagnostics_channel from 'node:diagnostics_channel';
import { type MeterProvider, type Tracer, type TracerProvider, trace } from '@opentelemetry/api';
import { type RequestTraceContext, TRACING_CHANNEL } from '../core/observability/tracing.js';
import { VERSION } from '../version.js';
import { WEBHOOK_TRACING_CHANNEL, type WebhookDeliveryTraceContext } from '../webhooks/tracing/delivery-tracing.js';
import { endCallSpan, recordCallError, startCallSpan } from './call-spans.js';
import { type CreditPlatformInstrumentationConfig, checkConfig, checkTracerProvider } from './config.js';
import { endDeliverySpan, startDeliverySpan } from './delivery-spans.js';

const NAME = 'credit-platform';

/**
 * The OpenTelemetry instrumentation of the SDK, with the shape of OpenTelemetry's
 * `Instrumentation` interface: list it in NodeSDK's `instrumentations` (or pass it to
 * `registerInstrumentations`), which gives it the tracer provider. It patches nothing: it
 * subscribes to the `credit-platform:request` and `credit-platform:webhook` trace channels that
 * every call and every webhook delivery publish on.
 *
 * Each SDK call is a client span named by the operation (`transactions.list`) with the HTTP
 * client semantic conventions: `http.request.method`, `url.template` (`/deposits/{depositId}`,
 * never the ids), `server.address`, `server.port`, `http.response.status_code`, `error.type` on
 * failure; plus `credit_platform.operation`, `credit_platform.request_id` (the call's
 * `requestId`, as on its errors and log lines), `credit_platform.attempts` and, with `pacing`,
 * `credit_platform.pacing_wait_ms`. Each attempt is a client span of its own under the call's
 * (`GET /deposits/{depositId}`, with `http.request.resend_count` on a retry), and the attempt's
 * fetch runs in its context, so the span a fetch instrumentation (undici's) makes is the attempt
 * span's child. Each wait before a retry is a `credit_platform.retry_wait` event of the call span.
 * A failed call records the error (its name and redacted message) and sets the error status; a
 * call the caller aborted (`APIUserAbortError`) leaves the status unset.
 *
 * Each delivery a webhook receiver handles is a server span, `webhook <event type>` (`webhook
 * delivery` when it was not verified), with `credit_platform.webhook.event_id` and `.event_type`
 * (verified deliveries only), `credit_platform.webhook.outcome` and `http.response.status_code`;
 * the handler runs in its context, so the spans your handler makes are its children.
 *
 * No span ever holds the key, a secret, a header value, a body or a query value, in an attribute
 * or in an event (the exception event included). Until a tracer provider is registered (and
 * outside any trace), each call asks the global tracer for its span once, gets one that belongs
 * to no trace, and does no other span work; the next call after a provider is registered makes
 * spans, with no restart. A call the provider's sampler drops still runs its attempts in its
 * trace's context, so the spans under it and the `traceparent` it sends carry the decision.
 *
 * @example
 * ```ts
 * import { NodeSDK } from '@opentelemetry/sdk-node';
 * import { CreditPlatformInstrumentation } from 'credit-platform/otel';
 *
 * const sdk = new NodeSDK({ instrumentations: [new CreditPlatformInstrumentation()] });
 * sdk.start();
 * ```
 */
export class CreditPlatformInstrumentation {
  /** The instrumentation's name: `'credit-platform'`, also the name of its tracer. */
  readonly instrumentationName: string = NAME;
  /** The SDK's version, also the version of its tracer. */
  readonly instrumentationVersion: string = VERSION;
  #config: CreditPlatformInstrumentationConfig;
  #tracer: Tracer = trace.getTracer(NAME, VERSION);
  // Stryker disable next-line BooleanLiteral: enable() sets it before anything subscribes, and only a subscriber reads it
  #enabled = false;
  #subscribed = false;
  // Spans started and not yet ended: after disable() the handlers stay until these end.
  #open = 0;
  readonly #calls = diagnostics_channel.tracingChannel<unknown, RequestTraceContext>(TRACING_CHANNEL);
  readonly #deliveries = diagnostics_channel.tracingChannel<unknown, WebhookDeliveryTraceContext>(WEBHOOK_TRACING_CHANNEL);
  readonly #callHandlers = {
    start: (ctx: RequestTraceContext): void => {
      if (this.#enabled && startCallSpan(this.#tracer, ctx, this.#config.propagateTraceContext === true)) this.#open++;
    },
    end(): void {},
    asyncStart(): void {},
    error: (ctx: RequestTraceContext): void => recordCallError(ctx),
    asyncEnd: (ctx: RequestTraceContext): void => {
      if (endCallSpan(ctx)) this.#ended();
    },
  };
  readonly #deliveryHandlers = {
    start: (ctx: WebhookDeliveryTraceContext): void => {
      if (this.#enabled && startDeliverySpan(this.#tracer, ctx)) this.#open++;
    },
    end(): void {},
    asyncStart(): void {},
    error(): void {},
    asyncEnd: (ctx: WebhookDeliveryTraceContext): void => {
      if (endDeliverySpan(ctx)) this.#ended();
    },
  };

  /**
   * Starts enabled unless `config.enabled` is `false`, as OpenTelemetry's instrumentations do.
   *
   * @throws ConfigurationError when a field of `config` has the wrong type.
   *
   * @example
   * ```ts
   * import { CreditPlatformInstrumentation } from 'credit-platform/otel';
   * const instrumentation = new CreditPlatformInstrumentation({ propagateTraceContext: true });
   * ```
   */
  constructor(config: CreditPlatformInstrumentationConfig = {}) {
    checkConfig(config, 'CreditPlatformInstrumentation');
    this.#config = { ...config, enabled: config.enabled !== false };
    if (this.#config.enabled) this.enable();
  }

  /**
   * Makes spans from now on; calling it again changes nothing.
   *
   * @example
   * ```ts
   * import { CreditPlatformInstrumentation } from 'credit-platform/otel';
   * const instrumentation = new CreditPlatformInstrumentation({ enabled: false });
   * instrumentation.enable();
   * ```
   */
  enable(): void {
    this.#enabled = true;
    if (this.#subscribed) return;
    this.#calls.subscribe(this.#callHandlers);
    this.#deliveries.subscribe(this.#deliveryHandlers);
    this.#subscribed = true;
  }

  /**
   * Stops making spans: calls and deliveries in flight still end theirs, then it unsubscribes,
   * and the SDK does no tracing work at all.
   *
   * @example
   * ```ts
   * import { CreditPlatformInstrumentation } from 'credit-platform/otel';
   * const instrumentation = new CreditPlatformInstrumentation();
   * process.on('SIGTERM', () => instrumentation.disable());
   * ```
   */
  disable(): void {
    this.#enabled = false;
    if (this.#open === 0) this.#unsubscribe();
  }

  /**
   * The provider whose tracer makes the spans from now on. NodeSDK calls it with the global
   * provider; without a call, the global provider's tracer is used, which follows a provider
   * registered later.
   *
   * @throws ConfigurationError when `tracerProvider` has no `getTracer` method.
   *
   * @example
   * ```ts
   * import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
   * import { CreditPlatformInstrumentation } from 'credit-platform/otel';
   * new CreditPlatformInstrumentation().setTracerProvider(new BasicTracerProvider());
   * ```
   */
  setTracerProvider(tracerProvider: TracerProvider): void {
    checkTracerProvider(tracerProvider);
    this.#tracer = tracerProvider.getTracer(NAME, VERSION);
  }

  /**
   * Part of the `Instrumentation` interface; this instrumentation records no metrics, so the
   * provider is not used.
   *
   * @example
   * ```ts
   * import { metrics } from '@opentelemetry/api';
   * import { CreditPlatformInstrumentation } from 'credit-platform/otel';
   * new CreditPlatformInstrumentation().setMeterProvider(metrics.getMeterProvider());
   * ```
   */
  setMeterProvider(_meterProvider: MeterProvider): void {}

  /**
   * Replaces the configuration; `propagateTraceContext` applies to calls that start afterwards.
   * As in OpenTelemetry's instrumentations, `enabled` is read at construction only: call
   * `enable()` or `disable()` to switch.
   *
   * @throws ConfigurationError when a field of `config` has the wrong type.
   *
   * @example
   * ```ts
   * import { CreditPlatformInstrumentation } from 'credit-platform/otel';
   * const instrumentation = new CreditPlatformInstrumentation();
   * instrumentation.setConfig({ propagateTraceContext: true });
   * ```
   */
  setConfig(config: CreditPlatformInstrumentationConfig = {}): void {
    checkConfig(config, 'setConfig');
    this.#config = { ...config, enabled: config.enabled !== false };
  }

  /**
   * The configuration, `enabled` filled in (`true` unless it was given as `false`).
   *
   * @example
   * ```ts
   * import { CreditPlatformInstrumentation } from 'credit-platform/otel';
   * const { propagateTraceContext } = new CreditPlatformInstrumentation().getConfig();
   * ```
   */
  getConfig(): CreditPlatformInstrumentationConfig {
    return this.#config;
  }

  #ended(): void {
    this.#open--;
    if (!this.#enabled && this.#open === 0) this.#unsubscribe();
  }

  #unsubscribe(): void {
    this.#calls.unsubscribe(this.#callHandlers);
    this.#deliveries.unsubscribe(this.#deliveryHandlers);
    this.#subscribed = false;
  }
}
