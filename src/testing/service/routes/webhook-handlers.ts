import { httpError } from '../../http-envelope.js';
import { found, listResponse } from '../list-response.js';
import type { Handlers, RouteContext } from '../router.js';
import type { WebhookSubscriptionRecord } from '../../types.js';
import { BodyValidator } from '../validate.js';

/** A 409 if another subscription has `url`; an undefined url (not being changed) matches none. */
function rejectDuplicateUrl(ctx: RouteContext, url: string | undefined, exceptId?: string): void {
  for (const sub of ctx.state.webhooks.values()) {
    if (sub.url === url && sub.id !== exceptId) {
      throw httpError(409, 'DUPLICATE_WEBHOOK', 'url', 'A subscription for this URL already exists');
    }
  }
}

/**
 * Webhook subscriptions. PATCH may change url, events and secret; the status is not
 * writable because the spec reactivates subscriptions from the dashboard only (the
 * fake's dashboard is `fake.admin.reactivateWebhook`).
 */
export const webhookHandlers = {
  'webhooks.create'(ctx) {
    const v = new BodyValidator(ctx.body);
    const url = v.httpsUrl('url');
    const events = v.eventTypes('events');
    const secret = v.string('secret', true, 512);
    v.done();
    rejectDuplicateUrl(ctx, url);
    const now = ctx.store.nowIso();
    const record: WebhookSubscriptionRecord = {
      id: ctx.store.ids.next('wh_'),
      url: url as string,
      events: events as string[],
      status: 'active',
      createdAt: now,
      updatedAt: now,
    };
    ctx.store.webhookSecrets.set(record.id, secret as string);
    return { status: 201, data: ctx.state.webhooks.insert(record) };
  },
  'webhooks.list': (ctx) => listResponse(ctx.state.webhooks, ctx.query),
  'webhooks.retrieve': (ctx) => ({
    status: 200,
    data: found(ctx.state.webhooks.get(ctx.params.webhookId ?? ''), 'Webhook subscription', ctx.params.webhookId ?? ''),
  }),
  'webhooks.update'(ctx) {
    const current = found(ctx.state.webhooks.get(ctx.params.webhookId ?? ''), 'Webhook subscription', ctx.params.webhookId ?? '');
    const v = new BodyValidator(ctx.body);
    const url = v.httpsUrl('url', false);
    const events = v.eventTypes('events', false);
    const secret = v.string('secret', false, 512);
    v.done();
    rejectDuplicateUrl(ctx, url, current.id);
    if (secret !== undefined) ctx.store.webhookSecrets.set(current.id, secret);
    const next: WebhookSubscriptionRecord = {
      ...current,
      ...(url !== undefined ? { url } : {}),
      ...(events !== undefined ? { events } : {}),
      updatedAt: ctx.store.nowIso(),
    };
    return { status: 200, data: ctx.state.webhooks.put(next) };
  },
  'webhooks.delete'(ctx) {
    const removed = found(
      ctx.state.webhooks.delete(ctx.params.webhookId ?? ''),
      'Webhook subscription',
      ctx.params.webhookId ?? '',
    );
    // Stryker disable next-line CallExpression: ids are never reused, so no delivery reads it again; this frees it
    ctx.store.webhookSecrets.delete(removed.id);
    return { status: 200, data: removed };
  },
} satisfies Partial<Handlers>;
