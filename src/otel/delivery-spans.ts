// A server span per webhook delivery, from the receivers' `credit-platform:webhook` channel. The
// delivery's handler runs in the span's context, so the spans it makes (its database writes) are
// the delivery span's children.
import { context, type Span, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import type { WebhookDeliveryTraceContext } from '../webhooks/tracing/delivery-tracing.js';
import { errorStatus } from './error-status.js';

// Weak: an entry goes with its delivery's context.
const spans = new WeakMap<WebhookDeliveryTraceContext, Span>();

/**
 * Starts the delivery's span and runs the delivery in its context. False, and nothing more done,
 * when the span has no valid context (no tracer provider registered, no trace active), as for a
 * call (see `startCallSpan`).
 */
export function startDeliverySpan(tracer: Tracer, ctx: WebhookDeliveryTraceContext): boolean {
  const parent = context.active();
  // Named for the event once it is verified (asyncEnd); nothing unverified names a span.
  const span = tracer.startSpan('webhook delivery', { kind: SpanKind.SERVER }, parent);
  if (!trace.isSpanContextValid(span.spanContext())) return false;
  spans.set(ctx, span);
  const inSpan = trace.setSpan(parent, span);
  ctx.run = (receive) => context.with(inSpan, receive);
  return true;
}

/** Ends the delivery's span; false when the delivery had none. */
export function endDeliverySpan(ctx: WebhookDeliveryTraceContext): boolean {
  const span = spans.get(ctx);
  if (span === undefined) return false;
  // The semantic conventions for a server span: a 5xx is an error of this side; a 4xx (a forgery
  // refused) is the sender's.
  const errorType = errorStatus(ctx.status, 500);
  span.setAttributes({
    'http.response.status_code': ctx.status,
    'credit_platform.webhook.outcome': ctx.outcome,
    'credit_platform.webhook.event_id': ctx.eventId,
    'credit_platform.webhook.event_type': ctx.eventType,
    'error.type': errorType,
  });
  if (ctx.eventType !== undefined) span.updateName(`webhook ${ctx.eventType}`);
  if (errorType !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: ctx.outcome ?? errorType });
  span.end();
  return true;
}
