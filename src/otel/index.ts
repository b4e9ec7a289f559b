/**
 * `credit-platform/otel`: OpenTelemetry client spans for every call of the SDK, from the
 * `credit-platform:request` trace channel. `@opentelemetry/api` is an optional peer dependency,
 * loaded only by this entry.
 *
 * **Start here**: call `instrumentCreditPlatform()` once, after your OpenTelemetry set-up has
 * registered its tracer provider: every call becomes a client span, every webhook delivery a
 * server span. Guide: [logging, middleware and tracing](../../docs/guides/observability.md).
 *
 * @example
 * ```ts
 * import { instrumentCreditPlatform } from 'credit-platform/otel';
 * const instrumentation = instrumentCreditPlatform({ propagateTraceContext: false });
 * // ... later, on shutdown:
 * instrumentation.disable();
 * ```
 *
 * @module credit-platform/otel
 */
export {
  type CreditPlatformInstrumentation,
  type InstrumentCreditPlatformOptions,
  instrumentCreditPlatform,
} from './instrument.js';
