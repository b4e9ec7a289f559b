// Express: give the webhook route the raw body with `express.raw`, before any
// app-wide `express.json()`. Run: WEBHOOK_SECRET=whsec_test npx tsx examples/webhooks/express.ts
import express from 'express';
import { createNodeWebhookHandler, type WebhookReceiverOptions } from 'credit-platform/webhooks';
import { isMain, webhookSecret } from './serve-fetch.js';

/** The app; `options` lets a test swap the callbacks and the store. */
export function createApp(options: WebhookReceiverOptions): express.Express {
  const app = express();
  app.post('/webhooks', express.raw({ type: 'application/json' }), createNodeWebhookHandler(options));
  app.use(express.json()); // other routes may parse JSON; the webhook route already answered
  return app;
}

if (isMain(import.meta.url)) {
  const app = createApp({
    secret: webhookSecret(),
    on: {
      'deposit.created': (event) => console.log('deposit', event.data.depositId, event.data.amount, event.data.token),
    },
    onUnknownEvent: (event) => console.log('unknown event type', event.rawType),
  });
  const port = Number(process.env.PORT ?? 3000);
  app.listen(port, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${port}/webhooks`));
}
