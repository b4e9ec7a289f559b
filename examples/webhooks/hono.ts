// Hono: pass the untouched Fetch Request (`c.req.raw`) to the handler. The same
// app runs on Bun (`export default app`), Deno (`Deno.serve(app.fetch)`) and workers.
// Run: CREDIT_PLATFORM_WEBHOOK_SECRET=whsec_test npx tsx examples/webhooks/hono.ts
import { Hono } from 'hono';
import { createWebhookHandler, type WebhookReceiverOptions } from 'credit-platform/webhooks';
import { isMain, serveFetch, webhookSecret } from './serve-fetch.js';

/** The app; `options` lets a test swap the callbacks and the store. */
export function createApp(options: WebhookReceiverOptions): Hono {
  const handler = createWebhookHandler(options);
  const app = new Hono();
  app.post('/webhooks', (c) => handler(c.req.raw));
  return app;
}

if (isMain(import.meta.url)) {
  const app = createApp({
    secret: webhookSecret(),
    on: { 'score.updated': (event) => console.log('score', event.data) },
  });
  const port = Number(process.env.PORT ?? 3000);
  await serveFetch(app.fetch, port);
  console.log(`listening on http://127.0.0.1:${port}/webhooks`);
}
