// A webhook receiver that shares its de-duplication with every other receiver process through
// Redis, with the SDK's `createRedisDedupStore` (`credit-platform/redis`): however the load
// balancer spreads the service's deliveries and retries, each event runs once.
//
//   REDIS_URL=redis://127.0.0.1:6379 CREDIT_PLATFORM_WEBHOOK_SECRET=whsec_test npx tsx examples/webhooks/redis-dedup-store.ts
//
// Start two of them (PORT=3001, PORT=3002) behind one address to see it: a delivery retried on the
// other process is acknowledged as a duplicate, and a handler that threw runs again there.
import type { Server } from 'node:http';
import { createClient } from 'redis';
import { createRedisDedupStore, type RedisClient } from 'credit-platform/redis';
import { createWebhookHandler, type WebhookReceiverOptions } from 'credit-platform/webhooks';
import { isMain, serveFetch, webhookSecret } from './serve-fetch.js';

/** A receiver whose store is shared through `redis`; `options` lets a test swap the callbacks. */
export function createSharedReceiver(
  redis: RedisClient,
  options: Omit<WebhookReceiverOptions, 'store'>,
): (request: Request) => Promise<Response> {
  return createWebhookHandler({ ...options, store: createRedisDedupStore(redis) });
}

if (isMain(import.meta.url)) {
  // No 'error' listener of our own: the store adds one, so losing Redis logs one warn per outage
  // (deliveries meanwhile get 503 and are retried) instead of ending the process.
  const redis = await createClient({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' }).connect();
  const handler = createSharedReceiver(redis, {
    secret: webhookSecret(),
    on: {
      'payment.received': (event) => console.log(`process ${process.pid} handles ${event.id}`, event.data),
    },
  });
  const server: Server = await serveFetch(handler, Number(process.env.PORT ?? 3000));
  console.log(`receiver ${process.pid} on`, server.address());
}
