import type { APIPromise } from '../../core/operations/api-promise.js';
import type { ListRequestOptions, RequestOptions } from '../../core/types.js';
import type { PagePromise } from '../../core/pagination/page-promise.js';
import { APIResource } from '../resource.js';
import type { ListParams } from '../shared/pagination.js';
import { webhookOperations as ops } from './operations.js';
import type { DeletedWebhookSubscription, WebhookCreateParams, WebhookSubscription, WebhookUpdateParams } from './schemas.js';

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
    return this.runner.call(ops['webhooks.create'], { body: params }, options);
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
    return this.runner.list(ops['webhooks.list'], { query: params }, options);
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
    return this.runner.call(ops['webhooks.retrieve'], { path: { webhookId } }, options);
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
    return this.runner.call(ops['webhooks.update'], { path: { webhookId }, body: patch }, options);
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
    return this.runner.call(ops['webhooks.delete'], { path: { webhookId } }, options);
  }
}
