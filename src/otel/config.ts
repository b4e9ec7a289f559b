import type { TracerProvider } from '@opentelemetry/api';
import { ConfigurationError } from '../errors/index.js';

/**
 * The configuration of a {@link CreditPlatformInstrumentation}: OpenTelemetry's
 * `InstrumentationConfig` (`enabled`) plus what this instrumentation adds.
 *
 * @example
 * ```ts
 * import type { CreditPlatformInstrumentationConfig } from 'credit-platform/otel';
 * const config: CreditPlatformInstrumentationConfig = { propagateTraceContext: false };
 * ```
 */
export interface CreditPlatformInstrumentationConfig {
  /**
   * Whether the instrumentation starts enabled when it is constructed. Default `true`, as for
   * every OpenTelemetry instrumentation; with `false`, NodeSDK's `start()` (or your own
   * `enable()`) enables it.
   */
  readonly enabled?: boolean;
  /**
   * Send the `traceparent` (and `tracestate`) header of each attempt's span to the service,
   * through the global propagator. Default `false`: the service is a third party, and a trace id
   * tells it which of your requests belong together. No other header (`baggage`) is ever sent.
   */
  readonly propagateTraceContext?: boolean;
}

/** Throws a `ConfigurationError` naming the first field of `config` that cannot be used. */
export function checkConfig(config: CreditPlatformInstrumentationConfig, owner: string): void {
  if (config === null || typeof config !== 'object') {
    throw new ConfigurationError('options', `${owner} takes an options object, or nothing.`);
  }
  const { enabled, propagateTraceContext } = config;
  if (enabled !== undefined && typeof enabled !== 'boolean') {
    throw new ConfigurationError('enabled', 'enabled must be true or false.');
  }
  if (propagateTraceContext !== undefined && typeof propagateTraceContext !== 'boolean') {
    throw new ConfigurationError('propagateTraceContext', 'propagateTraceContext must be true or false.');
  }
}

/** Throws a `ConfigurationError` when `provider` is not a tracer provider. */
export function checkTracerProvider(provider: unknown): asserts provider is TracerProvider {
  if (typeof (provider as Partial<TracerProvider> | null | undefined)?.getTracer !== 'function') {
    throw new ConfigurationError(
      'tracerProvider',
      'tracerProvider must be an OpenTelemetry TracerProvider (with a getTracer method), such as the NodeTracerProvider your tracing set-up creates.',
    );
  }
}
