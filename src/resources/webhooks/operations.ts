import * as z from 'zod/mini';
import { defineOperation } from '../../core/operations/operation.js';
import { listQuery } from '../shared/pagination.js';
import { idRule } from '../shared/primitives.js';
import { createWebhookBody, deletedWebhookSchema, updateWebhookBody, webhookSubscriptionSchema } from './schemas.js';

const byWebhookId = z.object({ webhookId: idRule });

/** The operations of `client.webhooks`, keyed by resource method. */
export const webhookOperations = {
  /** `POST /webhooks`: creates a subscription. Documented by the service. */
  'webhooks.create': defineOperation({
    method: 'POST',
    path: 'webhooks',
    documented: true,
    body: createWebhookBody,
    response: webhookSubscriptionSchema,
    successStatus: 201,
  }),
  /** `GET /webhooks`. Conventional. */
  'webhooks.list': defineOperation({
    method: 'GET',
    path: 'webhooks',
    documented: false,
    query: listQuery,
    response: webhookSubscriptionSchema,
    list: { resourceKey: 'webhooks' },
  }),
  /** `GET /webhooks/{webhookId}`. Conventional. */
  'webhooks.retrieve': defineOperation({
    method: 'GET',
    path: 'webhooks/{webhookId}',
    documented: false,
    pathParams: byWebhookId,
    response: webhookSubscriptionSchema,
  }),
  /** `PATCH /webhooks/{webhookId}`. Conventional. */
  'webhooks.update': defineOperation({
    method: 'PATCH',
    path: 'webhooks/{webhookId}',
    documented: false,
    pathParams: byWebhookId,
    body: updateWebhookBody,
    response: webhookSubscriptionSchema,
  }),
  /** `DELETE /webhooks/{webhookId}`: answers with the deleted subscription, part of it, `{}` or `null`. Conventional. */
  'webhooks.delete': defineOperation({
    method: 'DELETE',
    path: 'webhooks/{webhookId}',
    documented: false,
    pathParams: byWebhookId,
    response: z.optional(z.nullable(deletedWebhookSchema)),
  }),
} as const;
