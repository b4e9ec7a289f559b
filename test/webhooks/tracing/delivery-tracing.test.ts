import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics_channel from 'node:diagnostics_channel';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliveryTracing } from '../../../src/webhooks/tracing/delivery-tracing.js';
import {
  createSignedWebhookDelivery,
  createWebhookReceiver,
  WEBHOOK_TRACING_CHANNEL,
  type WebhookDeliveryTraceContext,
} from '../../../src/webhooks/index.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

const channel = diagnostics_channel.tracingChannel<unknown, WebhookDeliveryTraceContext>(WEBHOOK_TRACING_CHANNEL);
let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

function subscribe(onStart?: (ctx: WebhookDeliveryTraceContext) => void) {
  const ended: WebhookDeliveryTraceContext[] = [];
  const started: WebhookDeliveryTraceContext[] = [];
  const handlers = {
    start(ctx: WebhookDeliveryTraceContext) {
      started.push({ ...ctx });
      onStart?.(ctx);
    },
    end() {},
    asyncStart() {},
    error() {},
    asyncEnd(ctx: WebhookDeliveryTraceContext) {
      ended.push(ctx);
    },
  };
  channel.subscribe(handlers);
  stop = () => channel.unsubscribe(handlers);
  return { started, ended };
}

describe('the webhook delivery trace', () => {
  it('publishes each delivery: empty at start, the answer and the verified event id and type at the end', async () => {
    const { started, ended } = subscribe();
    const receive = createWebhookReceiver({ secret: SECRET, on: { 'deposit.created': () => {} } });
    const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    const result = await receive({ body: delivery.body, signature: delivery.headers['x-webhook-signature'] });
    expect(result.status).toBe(200);
    expect(started).toEqual([{}]);
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({
      eventId: delivery.event.id,
      eventType: 'deposit.created',
      status: 200,
      outcome: 'processed',
    });
    const text = inspect(ended[0], { depth: 5, showHidden: true });
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(delivery.headers['x-webhook-signature']);
    expect(text).not.toContain('amount');
  });

  it('a forged delivery has no event id or type, only its answer; an unknown type is named as sent', async () => {
    const { ended } = subscribe();
    const receive = createWebhookReceiver({ secret: SECRET });
    const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    await receive({ body: delivery.body, signature: 'ab'.repeat(32) });
    const unknown = createSignedWebhookDelivery({
      type: 'loan.restructured' as 'deposit.created',
      data: {} as never,
      secret: SECRET,
    });
    await receive({ body: unknown.body, signature: unknown.headers['x-webhook-signature'] });
    expect(ended[0]).toEqual({ status: 401, outcome: 'invalid_signature' });
    expect(ended[1]).toMatchObject({ eventId: unknown.event.id, eventType: 'loan.restructured', status: 200 });
  });

  it("runs the handler through a subscriber's run hook, so the handler's work is in the subscriber's context", async () => {
    const storage = new AsyncLocalStorage<string>();
    subscribe((ctx) => {
      ctx.run = (receive) => storage.run('delivery-span', receive);
    });
    const seen: (string | undefined)[] = [];
    const receive = createWebhookReceiver({
      secret: SECRET,
      on: {
        'deposit.created': async () => {
          await Promise.resolve();
          seen.push(storage.getStore());
        },
      },
    });
    const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    await receive({ body: delivery.body, signature: delivery.headers['x-webhook-signature'] });
    expect(seen).toEqual(['delivery-span']);
  });

  it('with nobody subscribed, publishes nothing and builds no context', async () => {
    const traced = vi.spyOn(deliveryTracing.channel as NonNullable<typeof deliveryTracing.channel>, 'tracePromise');
    expect(deliveryTracing.channel?.hasSubscribers).toBe(false);
    const receive = createWebhookReceiver({ secret: SECRET });
    const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    expect((await receive({ body: delivery.body, signature: delivery.headers['x-webhook-signature'] })).status).toBe(200);
    expect(traced).not.toHaveBeenCalled();
  });
});
