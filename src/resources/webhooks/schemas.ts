import * as z from 'zod/mini';
import type { WebhookEventType } from '../../webhooks/event-types.js';
import { patchBody, requestBody, type RequestParams } from '../shared/bodies.js';
import { type RecordOf, recordSchema, timestamp } from '../shared/fields.js';
import { eventTypesRule, httpsUrlRule, secretRule } from '../shared/primitives.js';

/** The two subscription states of the spec (section 3). */
const webhookStatusSchema = z.enum(['active', 'inactive']);
/**
 * `active`, or `inactive` after six failed delivery attempts (reactivated from the dashboard).
 *
 * @example
 * ```ts
 * const status: WebhookStatus = 'active';
 * ```
 *
 * @useDeclaredType
 */
export type WebhookStatus = z.infer<typeof webhookStatusSchema>;

// A type added to the service after this release must not make listing subscriptions fail,
// so the array takes any string while the type keeps the 11 known ones for autocomplete.
const subscribedEvent = z.string() as unknown as z.ZodMiniType<
  WebhookEventType | (string & {}),
  WebhookEventType | (string & {})
>;

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
 * A webhook subscription (spec 2.3 and 3); `status` is `'active' | 'inactive'`. The secret is
 * never part of a response.
 *
 * @example
 * ```ts
 * const sub: WebhookSubscription = await client.webhooks.retrieve('wh_123');
 * if (sub.status === 'inactive') console.warn(`${sub.url} stopped receiving deliveries`);
 * ```
 */
export interface WebhookSubscription extends RecordOf<typeof webhookSubscriptionShape> {}
/** The schema of {@link WebhookSubscription}. */
export const webhookSubscriptionSchema = recordSchema<WebhookSubscription>(webhookSubscriptionShape);

const deletedWebhookShape = z.partial(z.object(webhookSubscriptionShape)).shape;
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
/** The schema of {@link DeletedWebhookSubscription}. */
export const deletedWebhookSchema = recordSchema<DeletedWebhookSubscription>(deletedWebhookShape);

/** The body of `POST /webhooks` (spec 2.3). */
export const createWebhookBody = requestBody({
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
export const updateWebhookBody = patchBody({
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
