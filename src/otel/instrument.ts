import type { TracerProvider } from '@opentelemetry/api';
import { checkConfig, checkTracerProvider } from './config.js';
import { CreditPlatformInstrumentation } from './instrumentation.js';

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
   * (`trace.setGlobalTracerProvider`, which the OpenTelemetry Node SDK sets), followed even when
   * it is registered after this call.
   */
  readonly tracerProvider?: TracerProvider;
  /** As {@link CreditPlatformInstrumentationConfig.propagateTraceContext}: default `false`. */
  readonly propagateTraceContext?: boolean;
}

/**
 * The one-liner over {@link CreditPlatformInstrumentation}, for a set-up that does not list
 * instrumentations (no NodeSDK): makes it, gives it `options.tracerProvider` when there is one,
 * and returns it enabled. What its spans hold is described there.
 *
 * @throws ConfigurationError when an option has the wrong type.
 *
 * @example
 * ```ts
 * import { CreditPlatform } from 'credit-platform';
 * import { instrumentCreditPlatform } from 'credit-platform/otel';
 *
 * const instrumentation = instrumentCreditPlatform();
 * const client = new CreditPlatform();
 * await client.accounts.me(); // one client span, "accounts.me", and one attempt span under it
 * instrumentation.disable();
 * ```
 */
export function instrumentCreditPlatform(options: InstrumentCreditPlatformOptions = {}): CreditPlatformInstrumentation {
  checkConfig(options, 'instrumentCreditPlatform');
  const { tracerProvider, propagateTraceContext } = options;
  if (tracerProvider !== undefined) checkTracerProvider(tracerProvider);
  const instrumentation = new CreditPlatformInstrumentation({ propagateTraceContext });
  if (tracerProvider !== undefined) instrumentation.setTracerProvider(tracerProvider);
  return instrumentation;
}
