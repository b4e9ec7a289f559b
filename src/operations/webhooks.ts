import { z } from 'zod';
import { defineOperation } from '../core/operation.js';
import { listQuery } from '../schemas/pagination.js';
import { eventTypesRule, httpsUrlRule, idRule, nonEmptyPatch, secretRule } from '../schemas/primitives.js';
import { webhookSubscriptionSchema } from '../schemas/webhooks.js';

const byWebhookId = z.object({ webhookId: idRule });

/** The body of `POST /webhooks` (spec 2.3). */
export const createWebhookBody = z.object({
  /** An absolute `https://` URL; the service delivers only over HTTPS. */
  url: httpsUrlRule,
  /** The event types to receive, at least one. */
  events: eventTypesRule,
  /** The shared secret the service signs deliveries with; keep it to verify them. */
  secret: secretRule,
});

/** `POST /webhooks`: creates a subscription. Documented by the service. */
export const createWebhook = defineOperation({
  method: 'POST',
  path: 'webhooks',
  documented: true,
  body: createWebhookBody,
  response: webhookSubscriptionSchema,
});

/** `GET /webhooks`. Conventional. */
export const listWebhooks = defineOperation({
  method: 'GET',
  path: 'webhooks',
  documented: false,
  query: listQuery,
  response: webhookSubscriptionSchema,
  list: { resourceKey: 'webhooks' },
});

/** `GET /webhooks/{webhookId}`. Conventional. */
export const retrieveWebhook = defineOperation({
  method: 'GET',
  path: 'webhooks/{webhookId}',
  documented: false,
  pathParams: byWebhookId,
  response: webhookSubscriptionSchema,
});

// No `status`: the spec reactivates a subscription from the dashboard only.
/** The body of `PATCH /webhooks/{webhookId}`: any of url, events, secret, with the creation rules. */
export const updateWebhookBody = nonEmptyPatch(
  z.object({
    /** A new delivery address (`https://` only). */
    url: httpsUrlRule.optional(),
    /** The event types to receive, at least one. */
    events: eventTypesRule.optional(),
    /** A new signing secret (see the webhooks guide on rotating it). */
    secret: secretRule.optional(),
  }),
);

/** `PATCH /webhooks/{webhookId}`. Conventional. */
export const updateWebhook = defineOperation({
  method: 'PATCH',
  path: 'webhooks/{webhookId}',
  documented: false,
  pathParams: byWebhookId,
  body: updateWebhookBody,
  response: webhookSubscriptionSchema,
});

/** `DELETE /webhooks/{webhookId}`: answers with the deleted subscription. Conventional. */
export const deleteWebhook = defineOperation({
  method: 'DELETE',
  path: 'webhooks/{webhookId}',
  documented: false,
  pathParams: byWebhookId,
  response: webhookSubscriptionSchema,
});
