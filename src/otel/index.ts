/**
 * `credit-platform/otel`: OpenTelemetry client spans for every call of the SDK, from the
 * `credit-platform:request` trace channel. `@opentelemetry/api` is an optional peer dependency,
 * loaded only by this entry.
 *
 * **Start here**: list `new CreditPlatformInstrumentation()` in NodeSDK's `instrumentations`, or
 * call `instrumentCreditPlatform()` once: every call becomes a client span (with a span per
 * attempt under it), every webhook delivery a server span. Guide:
 * [logging, middleware and tracing](../../docs/guides/observability.md).
 *
 * @example
 * ```ts
 * import { NodeSDK } from '@opentelemetry/sdk-node';
 * import { CreditPlatformInstrumentation } from 'credit-platform/otel';
 * const sdk = new NodeSDK({ instrumentations: [new CreditPlatformInstrumentation({ propagateTraceContext: false })] });
 * sdk.start();
 * // ... later, on shutdown:
 * await sdk.shutdown();
 * ```
 *
 * @module credit-platform/otel
 */
export type { CreditPlatformInstrumentationConfig } from './config.js';
export { type InstrumentCreditPlatformOptions, instrumentCreditPlatform } from './instrument.js';
export { CreditPlatformInstrumentation } from './instrumentation.js';
