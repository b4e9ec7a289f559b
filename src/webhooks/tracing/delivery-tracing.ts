import type { TracingChannel } from 'node:diagnostics_channel';
import type { UnknownWebhookEvent, WebhookEvent } from '../events/events.js';
import type { WebhookOutcome } from '../receivers/receiver-result.js';

/**
 * The name of the `node:diagnostics_channel` TracingChannel every webhook receiver publishes a
 * delivery on (`credit-platform/otel` turns each into a server span).
 *
 * @example
 * ```ts
 * import diagnostics_channel from 'node:diagnostics_channel';
 * import { WEBHOOK_TRACING_CHANNEL } from 'credit-platform/webhooks';
 * const channel = diagnostics_channel.tracingChannel(WEBHOOK_TRACING_CHANNEL);
 * ```
 */
export const WEBHOOK_TRACING_CHANNEL = 'credit-platform:webhook';

/**
 * The context object published on {@link WEBHOOK_TRACING_CHANNEL}: one per delivery, the same
 * object from `start` to `asyncEnd`. Empty at `start` (nothing is verified yet); at the end it
 * holds the answer and, for a verified delivery only, the event's id and type. It never holds the
 * body, a header or the secret.
 *
 * @example
 * ```ts
 * import diagnostics_channel from 'node:diagnostics_channel';
 * import { WEBHOOK_TRACING_CHANNEL, type WebhookDeliveryTraceContext } from 'credit-platform/webhooks';
 * diagnostics_channel.tracingChannel<unknown, WebhookDeliveryTraceContext>(WEBHOOK_TRACING_CHANNEL).subscribe({
 *   start() {}, end() {}, asyncStart() {}, error() {},
 *   asyncEnd(ctx) { console.log(ctx.status, ctx.outcome, ctx.eventType ?? 'not verified', ctx.eventId); },
 * });
 * ```
 */
export interface WebhookDeliveryTraceContext {
  /** The verified event's id (`evt_…`); `undefined` when the delivery was not verified. */
  eventId?: string;
  /** The verified event's type as sent (an unknown type's own name); `undefined` when not verified. */
  eventType?: string;
  /** The HTTP status answered. */
  status?: number;
  /** What the receiver did. */
  outcome?: WebhookOutcome;
  /**
   * Set by a subscriber in `start`, if it wants to: the receiver then runs the delivery (and so
   * your handler) through it, so that work the handler does runs in the subscriber's context (a
   * span's). Must call `receive` once and return what it returns.
   */
  run?: <T>(receive: () => T) => T;
}

type DiagnosticsChannel = typeof import('node:diagnostics_channel');

// Looked up at run time, as the client's channel is, so edge runtimes without it still load.
function load(): TracingChannel<unknown, WebhookDeliveryTraceContext> | undefined {
  const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  const dc = getBuiltin?.('node:diagnostics_channel') as DiagnosticsChannel | undefined;
  return dc?.tracingChannel?.<unknown, WebhookDeliveryTraceContext>(WEBHOOK_TRACING_CHANNEL);
}

/** @internal The channel, or `undefined` where the runtime has none. */
export const deliveryTracing: { channel: TracingChannel<unknown, WebhookDeliveryTraceContext> | undefined } = {
  channel: load(),
};

/** What a receiver answers, as far as the trace reads it. */
interface DeliveryResult {
  readonly status: number;
  readonly outcome: WebhookOutcome;
  readonly event?: WebhookEvent | UnknownWebhookEvent;
}

/**
 * @internal A receiver that publishes each delivery on the channel while anyone listens, and is
 * the receiver itself (one property read more) while nobody does.
 */
export function tracedReceiver<Input, Result extends DeliveryResult>(
  receive: (input: Input) => Result | Promise<Result>,
): (input: Input) => Result | Promise<Result> {
  return (input) => {
    const { channel } = deliveryTracing;
    if (channel?.hasSubscribers !== true) return receive(input);
    const context: WebhookDeliveryTraceContext = {};
    let result: Result | undefined;
    // The channel keeps what the traced promise resolves with on the context: resolving with
    // nothing keeps the event's data away from subscribers.
    return channel
      .tracePromise(async () => {
        result = await (context.run ? context.run(() => receive(input)) : receive(input));
        context.status = result.status;
        context.outcome = result.outcome;
        if (result.event !== undefined) {
          context.eventId = result.event.id;
          context.eventType = result.event.type === 'unknown' ? result.event.rawType : result.event.type;
        }
      }, context)
      .then(() => result as Result);
  };
}
