import type { WebhookDeliveryRecord } from '../types.js';

/**
 * Where `fake.admin.deliver` hands a recorded delivery: a Fetch-style handler (Hono's
 * `app.fetch`, `createWebhookHandler(...)`, your own function), called in-process, or the
 * URL of your endpoint (e.g. an Express app listening on loopback), which gets a real POST.
 *
 * @example
 * ```ts
 * declare const app: { fetch(request: Request): Promise<Response> }; // a Hono app, say
 * declare const port: number;
 * const target: WebhookTarget = (request) => app.fetch(request);
 * const local: WebhookTarget = `http://127.0.0.1:${port}/webhooks`;
 * ```
 */
export type WebhookTarget = string | URL | ((request: Request) => Response | Promise<Response>);

/** The delivery as the request the service would send: same body, same headers. */
export function deliveryRequest(delivery: WebhookDeliveryRecord, url: string | URL = delivery.url): Request {
  return new Request(url, { method: 'POST', headers: delivery.headers, body: delivery.body, redirect: 'manual' });
}

/** Hands one delivery to `target` and resolves with its response. */
export async function deliver(delivery: WebhookDeliveryRecord, target: WebhookTarget): Promise<Response> {
  if (typeof delivery?.body !== 'string' || typeof delivery.headers !== 'object' || delivery.headers === null) {
    throw new TypeError('deliver(delivery, target): pass a delivery from fake.admin.deliveries() or emit().');
  }
  if (typeof target === 'function') return await target(deliveryRequest(delivery));
  if (typeof target === 'string' || target instanceof URL) return await fetch(deliveryRequest(delivery, target));
  throw new TypeError('deliver(delivery, target): target must be a (request) => Response function or a URL.');
}
