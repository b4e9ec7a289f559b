import type { TracingChannel } from 'node:diagnostics_channel';

/**
 * The context object published on the `credit-platform:request` TracingChannel: one per call,
 * the same object from `start` to `asyncEnd` (or `error`). Subscribers may attach their own
 * properties (a span, say) to it. It never holds the key.
 *
 * @example
 * ```ts
 * import diagnostics_channel from 'node:diagnostics_channel';
 * import type { RequestTraceContext } from 'credit-platform';
 * diagnostics_channel.tracingChannel<RequestTraceContext>('credit-platform:request').subscribe({
 *   start(ctx) { console.log('→', ctx.operation, ctx.method, ctx.path); },
 *   asyncEnd(ctx) { console.log('←', ctx.operation, ctx.status, `${ctx.attempts} attempt(s)`); },
 *   end() {}, asyncStart() {}, error(ctx) { console.log('✗', ctx.operation, ctx.error); },
 * });
 * ```
 */
export interface RequestTraceContext {
  /** The resource method, e.g. `'transactions.list'`, or `'request'` for `client.request()`. */
  operation: string;
  /** The HTTP method. */
  method: string;
  /** The path relative to the base URL, e.g. `/accounts/me`, the key redacted (when first read). */
  path: string;
  /**
   * The operation's path with its parameters as names, e.g. `/deposits/{depositId}` (OpenTelemetry's
   * `url.template`); `undefined` for `client.request()`, whose path may hold ids.
   */
  pathTemplate: string | undefined;
  /** The service's host name (`server.address`). */
  serverAddress: string;
  /** The service's port, the scheme's default when the base URL names none (`server.port`). */
  serverPort: number;
  /** The call's id: the same as its errors' `requestId` and its log lines' `requestId` field. */
  requestId: string;
  /** One record per attempt made so far, in order; the last may still be running. */
  attemptRecords: RequestTraceAttempt[];
  /**
   * Set by a subscriber in `start`, if it wants to: the SDK then sends each attempt through it,
   * so that what `send` does (the fetch, and any span a fetch instrumentation makes) runs in the
   * subscriber's context. `setHeader` adds a trace-propagation header (`traceparent` or
   * `tracestate` only: nothing else can be set) to that attempt's request. Must call `send` once
   * and return its promise.
   */
  runAttempt?: (attempt: RequestTraceAttemptScope, send: () => Promise<Response>) => Promise<Response>;
  /** The status of the last response; `undefined` when no response came. Set at the end. */
  status?: number | undefined;
  /** Attempts made, retries included. Set at the end. */
  attempts?: number;
  /** Milliseconds the call waited for pacing slots (the `pacing` option), all attempts together. */
  pacingWaitMs?: number;
  /** The SDK error the call failed with (set by the channel on `error`). Response data is never put here. */
  error?: unknown;
}

/**
 * One attempt of a traced call, as {@link RequestTraceContext.attemptRecords} holds it.
 *
 * @example
 * ```ts
 * import type { RequestTraceAttempt } from 'credit-platform';
 * const describe = (a: RequestTraceAttempt) => `attempt ${a.attempt}: ${a.status ?? a.failure}, waited ${a.waitMs ?? 0} ms`;
 * ```
 */
export interface RequestTraceAttempt {
  /** 1 for the first attempt. */
  attempt: number;
  /** When the attempt started, in ms since the epoch. */
  startTime: number;
  /** How long it took, in ms; `undefined` while it runs. */
  durationMs?: number;
  /** The response status, when a response came. */
  status?: number;
  /** What went wrong when no response came (`'timeout'`, `'ECONNRESET'`, ...). */
  failure?: string;
  /** The wait before the next attempt, in ms, when the call retries. */
  waitMs?: number;
  /** Where that wait came from: `'backoff'`, `'retry-after'` or `'rate-limit-reset'`. */
  waitSource?: string;
}

/**
 * What {@link RequestTraceContext.runAttempt} gets about the attempt it runs.
 *
 * @example
 * ```ts
 * import type { RequestTraceAttemptScope } from 'credit-platform';
 * const propagate = (scope: RequestTraceAttemptScope, traceparent: string) => scope.setHeader('traceparent', traceparent);
 * ```
 */
export interface RequestTraceAttemptScope {
  /** 1 for the first attempt. */
  readonly attempt: number;
  /** Adds a W3C trace-context header to this attempt's request. */
  setHeader(name: 'traceparent' | 'tracestate', value: string): void;
}

/**
 * The name of the `node:diagnostics_channel` TracingChannel every call publishes on.
 *
 * @example
 * ```ts
 * import diagnostics_channel from 'node:diagnostics_channel';
 * import { TRACING_CHANNEL } from 'credit-platform';
 * const channel = diagnostics_channel.tracingChannel(TRACING_CHANNEL);
 * ```
 */
export const TRACING_CHANNEL = 'credit-platform:request';

type DiagnosticsChannel = typeof import('node:diagnostics_channel');

// Looked up at run time rather than imported, so bundles for runtimes without
// node:diagnostics_channel still load; there, nothing is traced.
function load(): TracingChannel<unknown, RequestTraceContext> | undefined {
  const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  const dc = getBuiltin?.('node:diagnostics_channel') as DiagnosticsChannel | undefined;
  return dc?.tracingChannel?.<unknown, RequestTraceContext>(TRACING_CHANNEL);
}

/**
 * The channel every call publishes on, or `undefined` where the runtime has none; calls check
 * its `hasSubscribers` and build no trace context while nobody listens.
 */
export const requestTracing: TracingChannel<unknown, RequestTraceContext> | undefined = load();
