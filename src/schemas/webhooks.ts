import { z } from 'zod';
import type { WebhookEventType } from '../webhooks/event-types.js';
import { timestamp } from './common.js';

/** The two subscription states of the spec (section 3). */
export const webhookStatusSchema = z.enum(['active', 'inactive']);
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
const subscribedEvent = z.string() as unknown as z.ZodType<WebhookEventType | (string & {}), WebhookEventType | (string & {})>;

/** A webhook subscription (spec 2.3 and 3). The secret is never part of a response. */
export const webhookSubscriptionSchema = z.looseObject({
  /** The subscription id, prefixed `wh_`. */
  id: z.string().optional(),
  /** The HTTPS address deliveries are sent to. */
  url: z.string(),
  /** The event types delivered; may include types newer than this SDK. */
  events: z.array(subscribedEvent),
  /** Whether deliveries are being sent. */
  status: webhookStatusSchema.optional(),
  /** When the subscription was created (ISO 8601 UTC). */
  createdAt: timestamp.optional(),
  /** When the subscription last changed (ISO 8601 UTC). */
  updatedAt: timestamp.optional(),
});
/**
 * A webhook subscription; `status` is `'active' | 'inactive'`.
 *
 * @example
 * ```ts
 * const sub: WebhookSubscription = await client.webhooks.retrieve('wh_123');
 * if (sub.status === 'inactive') console.warn(`${sub.url} stopped receiving deliveries`);
 * ```
 *
 * @interface
 */
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;
