/**
 * `credit-platform/otel`: OpenTelemetry client spans for every call of the SDK, from the
 * `credit-platform:request` trace channel. `@opentelemetry/api` is an optional peer dependency,
 * loaded only by this entry.
 *
 * Start here: call `instrumentCreditPlatform()` once, after your OpenTelemetry set-up has
 * registered its tracer provider.
 *
 * @example
 * ```ts
 * import { instrumentCreditPlatform } from 'credit-platform/otel';
 * const instrumentation = instrumentCreditPlatform({ propagateTraceContext: false });
 * // ... later, on shutdown:
 * instrumentation.disable();
 * ```
 *
 * @packageDocumentation
 */
export {
  type CreditPlatformInstrumentation,
  type InstrumentCreditPlatformOptions,
  instrumentCreditPlatform,
} from './instrument.js';
