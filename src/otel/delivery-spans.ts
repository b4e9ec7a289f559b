// A server span per webhook delivery, from the receivers' `credit-platform:webhook` channel. The
// delivery's handler runs in the span's context, so the spans it makes (its database writes) are
// the delivery span's children.
import { type Attributes, context, type Span, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import type { WebhookDeliveryTraceContext } from '../webhooks/tracing/delivery-tracing.js';

const spans = new WeakMap<WebhookDeliveryTraceContext, Span>();

/** Starts the delivery's span and runs the delivery in its context. */
export function startDeliverySpan(tracer: Tracer, ctx: WebhookDeliveryTraceContext): void {
  const parent = context.active();
  // Named for the event once it is verified (asyncEnd); nothing unverified names a span.
  const span = tracer.startSpan('webhook delivery', { kind: SpanKind.SERVER }, parent);
  spans.set(ctx, span);
  const inSpan = trace.setSpan(parent, span);
  ctx.run = (receive) => context.with(inSpan, receive);
}

/** Ends the delivery's span; false when the delivery had none. */
export function endDeliverySpan(ctx: WebhookDeliveryTraceContext): boolean {
  const span = spans.get(ctx);
  if (span === undefined) return false;
  // Stryker disable next-line CallExpression: asyncEnd comes once per delivery, and the map is weak
  spans.delete(ctx);
  const attributes: Attributes = {};
  // Stryker disable next-line ConditionalExpression: OpenTelemetry drops an undefined attribute too
  if (ctx.status !== undefined) attributes['http.response.status_code'] = ctx.status;
  // Stryker disable next-line ConditionalExpression: OpenTelemetry drops an undefined attribute too
  if (ctx.outcome !== undefined) attributes['credit_platform.webhook.outcome'] = ctx.outcome;
  // Stryker disable next-line ConditionalExpression: OpenTelemetry drops an undefined attribute too
  if (ctx.eventId !== undefined) attributes['credit_platform.webhook.event_id'] = ctx.eventId;
  if (ctx.eventType !== undefined) {
    attributes['credit_platform.webhook.event_type'] = ctx.eventType;
    span.updateName(`webhook ${ctx.eventType}`);
  }
  span.setAttributes(attributes);
  // The semantic conventions for a server span: a 5xx is an error of this side; a 4xx (a forgery
  // refused) is the sender's.
  // Stryker disable next-line ConditionalExpression: `undefined >= 500` is false as well
  if (ctx.status !== undefined && ctx.status >= 500) {
    span.setAttribute('error.type', String(ctx.status));
    span.setStatus({ code: SpanStatusCode.ERROR, message: ctx.outcome ?? String(ctx.status) });
  }
  span.end();
  return true;
}
