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
  /** The path relative to the base URL, e.g. `/accounts/me`. */
  path: string;
  /** The call's id: the same as its errors' `requestId` and its log lines' `requestId` field. */
  requestId: string;
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
 * The channel, or `undefined` where the runtime has none; checked with `hasSubscribers` on every
 * call. A holder rather than a constant so bench/tracing can compare against no channel at all.
 */
export const tracing: { channel: TracingChannel<unknown, RequestTraceContext> | undefined } = { channel: load() };
