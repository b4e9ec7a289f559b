import * as z from 'zod/mini';
import type { APIPromise } from '../../core/operations/api-promise.js';
import { defineOperation } from '../../core/operations/operation.js';
import type { PagePromise } from '../../core/pagination/page-promise.js';
import type { ListRequestOptions, RequestOptions } from '../../core/types.js';
import type { WebhookEventType } from '../../webhooks/event-types.js';
import { APIResource } from '../resource.js';
import { patchBody, requestBody, type RequestParams } from '../shared/bodies.js';
import { openEnum, optionalFields, type RecordOf, recordSchema, timestamp } from '../shared/fields.js';
import { type ListParams, listQuery } from '../shared/pagination.js';
import { eventTypesRule, httpsUrlRule, idRule, secretRule } from '../shared/primitives.js';

/** The two subscription states of the spec (section 3), open to a state added later. */
const webhookStatusSchema = openEnum<'active' | 'inactive'>();
/**
 * `active`, or `inactive` after six failed delivery attempts (reactivated from the dashboard); or
 * a state a newer service adds, as the string it sent. A `switch` over it needs a `default`.
 *
 * @example
 * ```ts
 * const sub = await client.webhooks.retrieve('wh_123');
 * const status: WebhookStatus | undefined = sub.status;
 * if (status === 'inactive') console.warn(`${sub.url} stopped receiving deliveries`);
 * else if (status !== 'active' && status !== undefined) console.warn(`${sub.url} is ${status}`);
 * ```
 *
 * @useDeclaredType
 */
export type WebhookStatus = z.infer<typeof webhookStatusSchema>;

// A type added to the service after this release must not make listing subscriptions fail,
// so the array takes any string while the type keeps the 11 known ones for autocomplete.
const subscribedEvent = openEnum<WebhookEventType>();

const webhookSubscriptionShape = {
  /** The subscription id, prefixed `wh_`. */
  id: z.optional(z.string()),
  /** The HTTPS address deliveries are sent to. */
  url: z.string(),
  /** The event types delivered; may include types newer than this SDK. */
  events: z.array(subscribedEvent),
  /** Whether deliveries are being sent. */
  status: z.optional(webhookStatusSchema),
  /** When the subscription was created (ISO 8601 UTC). */
  createdAt: z.optional(timestamp),
  /** When the subscription last changed (ISO 8601 UTC). */
  updatedAt: z.optional(timestamp),
};
/**
 * A webhook subscription (spec 2.3 and 3); `status` is `'active'`, `'inactive'` or a state added
 * after this SDK version. The secret is never part of a response.
 *
 * @example
 * ```ts
 * const sub: WebhookSubscription = await client.webhooks.retrieve('wh_123');
 * if (sub.status === 'inactive') console.warn(`${sub.url} stopped receiving deliveries`);
 * ```
 */
export interface WebhookSubscription extends RecordOf<typeof webhookSubscriptionShape> {}
const webhookSubscriptionSchema = recordSchema<WebhookSubscription>(webhookSubscriptionShape);

const deletedWebhookShape = optionalFields(webhookSubscriptionShape);
/**
 * What a deletion may answer with: the deleted subscription, part of it, or an empty object
 * (or `null`). The spec does not show it, so every field is optional.
 *
 * @example
 * ```ts
 * const deleted: DeletedWebhookSubscription | null | undefined = await client.webhooks.delete('wh_123');
 * console.log(deleted?.url);
 * ```
 */
export interface DeletedWebhookSubscription extends RecordOf<typeof deletedWebhookShape> {}
const deletedWebhookSchema = recordSchema<DeletedWebhookSubscription>(deletedWebhookShape);

/** The body of `POST /webhooks` (spec 2.3). */
const createWebhookBody = requestBody({
  /** An absolute `https://` URL; the service delivers only over HTTPS. */
  url: httpsUrlRule,
  /** The event types to receive, at least one. */
  events: eventTypesRule,
  /** The shared secret the service signs deliveries with; keep it to verify them. */
  secret: secretRule,
});
/**
 * The body of {@link Webhooks.create}.
 *
 * @example
 * ```ts
 * const params: WebhookCreateParams = { url: 'https://example.com/hooks', events: ['deposit.created'], secret };
 * ```
 */
export interface WebhookCreateParams extends z.input<typeof createWebhookBody>, RequestParams {}

// No `status`: the spec reactivates a subscription from the dashboard only.
/** The body of `PATCH /webhooks/{webhookId}`: any of url, events, secret, with the creation rules. */
const updateWebhookBody = patchBody({
  /** A new delivery address (`https://` only). */
  url: z.optional(httpsUrlRule),
  /** The event types to receive, at least one. */
  events: z.optional(eventTypesRule),
  /** A new signing secret (see the webhooks guide on rotating it). */
  secret: z.optional(secretRule),
});
/**
 * The body of {@link Webhooks.update}: any of `url`, `events`, `secret` (at least one).
 *
 * @example
 * ```ts
 * const patch: WebhookUpdateParams = { events: ['deposit.created'] };
 * ```
 */
export interface WebhookUpdateParams extends z.input<typeof updateWebhookBody>, RequestParams {}

const byWebhookId = z.object({ webhookId: idRule });

/** The operations of `client.webhooks`, keyed by resource method. */
const webhookOperations = {
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
// The default export, for OPERATIONS (../operations.ts): a named one would be a public name
// through index.ts's `export type *`.
export default webhookOperations;

/**
 * Webhook subscriptions (`/webhooks`). Only `create` is documented by the service; the rest
 * follow its REST conventions. To receive deliveries, see `credit-platform/webhooks`.
 *
 * @example
 * ```ts
 * await client.webhooks.create({ url: 'https://example.com/hooks', events: ['deposit.created'], secret });
 * ```
 */
export class Webhooks extends APIResource {
  /**
   * Subscribes an HTTPS URL to event types. **Documented** by the service: `POST /webhooks`.
   * The URL must be absolute HTTPS, `events` a non-empty list of known types, `secret` non-empty;
   * otherwise a `RequestValidationError` is thrown and nothing is sent.
   *
   * @example
   * ```ts
   * const sub = await client.webhooks.create({
   *   url: 'https://example.com/hooks/credit-platform',
   *   events: ['deposit.created', 'payment.overdue'],
   *   secret: process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!,
   * });
   * ```
   */
  create(params: WebhookCreateParams, options?: RequestOptions): APIPromise<WebhookSubscription> {
    return this.runner.call(webhookOperations['webhooks.create'], { body: params }, options);
  }

  /**
   * The account's subscriptions. **Conventional**: `GET /webhooks`, cursor-paginated.
   *
   * @example
   * ```ts
   * for await (const sub of client.webhooks.list()) if (sub.status === 'inactive') console.warn(sub.url);
   * ```
   */
  list(params: ListParams = {}, options?: ListRequestOptions): PagePromise<WebhookSubscription> {
    return this.runner.list(webhookOperations['webhooks.list'], { query: params }, options);
  }

  /**
   * One subscription. **Conventional**: `GET /webhooks/{webhookId}`.
   *
   * @example
   * ```ts
   * const sub = await client.webhooks.retrieve('wh_123');
   * ```
   */
  retrieve(webhookId: string, options?: RequestOptions): APIPromise<WebhookSubscription> {
    return this.runner.call(webhookOperations['webhooks.retrieve'], { path: { webhookId } }, options);
  }

  /**
   * Changes the URL, the event types or the secret, with the same rules as `create`.
   * **Conventional**: `PATCH /webhooks/{webhookId}`. The status is not writable: the spec
   * reactivates an inactive subscription from the dashboard.
   *
   * @example
   * ```ts
   * await client.webhooks.update('wh_123', { events: ['deposit.created', 'deposit.withdrawn'] });
   * ```
   */
  update(webhookId: string, patch: WebhookUpdateParams, options?: RequestOptions): APIPromise<WebhookSubscription> {
    return this.runner.call(webhookOperations['webhooks.update'], { path: { webhookId }, body: patch }, options);
  }

  /**
   * Deletes a subscription. **Conventional**: `DELETE /webhooks/{webhookId}`. Resolves with
   * whatever the service answers: the deleted subscription, part of it, `{}` or `null`.
   *
   * @example
   * ```ts
   * await client.webhooks.delete('wh_123');
   * ```
   */
  delete(webhookId: string, options?: RequestOptions): APIPromise<DeletedWebhookSubscription | null | undefined> {
    return this.runner.call(webhookOperations['webhooks.delete'], { path: { webhookId } }, options);
  }
}
