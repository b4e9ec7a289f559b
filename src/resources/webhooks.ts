import type { z } from 'zod';
import type { APIPromise } from '../core/api-promise.js';
import type { ListRequestOptions, RequestOptions } from '../core/options.js';
import type { PagePromise } from '../core/page-promise.js';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  retrieveWebhook,
  updateWebhook,
  type createWebhookBody,
  type updateWebhookBody,
} from '../operations/webhooks.js';
import type { ListParams } from '../schemas/pagination.js';
import type { WebhookSubscription } from '../schemas/webhooks.js';
import { APIResource } from './resource.js';

/**
 * The body of {@link Webhooks.create}.
 *
 * @example
 * ```ts
 * const params: WebhookCreateParams = { url: 'https://example.com/hooks', events: ['deposit.created'], secret };
 * ```
 *
 * @interface
 */
export type WebhookCreateParams = z.input<typeof createWebhookBody>;

/**
 * The body of {@link Webhooks.update}: any of `url`, `events`, `secret` (at least one).
 *
 * @example
 * ```ts
 * const patch: WebhookUpdateParams = { events: ['deposit.created'] };
 * ```
 *
 * @interface
 */
export type WebhookUpdateParams = z.input<typeof updateWebhookBody>;

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
   *   secret: process.env.WEBHOOK_SECRET!,
   * });
   * ```
   */
  create(params: WebhookCreateParams, options?: RequestOptions): APIPromise<WebhookSubscription> {
    return this.runner.call(createWebhook, { body: params }, options);
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
    return this.runner.list(listWebhooks, { query: params }, options);
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
    return this.runner.call(retrieveWebhook, { path: { webhookId } }, options);
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
    return this.runner.call(updateWebhook, { path: { webhookId }, body: patch }, options);
  }

  /**
   * Deletes a subscription and answers with it. **Conventional**: `DELETE /webhooks/{webhookId}`.
   *
   * @example
   * ```ts
   * await client.webhooks.delete('wh_123');
   * ```
   */
  delete(webhookId: string, options?: RequestOptions): APIPromise<WebhookSubscription> {
    return this.runner.call(deleteWebhook, { path: { webhookId } }, options);
  }
}
