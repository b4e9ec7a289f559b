// Express: mount the webhook route before any app-wide `express.json()`; the handler reads the raw
// stream itself, within `readTimeout` (default 10 s), so a sender that trickles its body gets a 408.
// Run: CREDIT_PLATFORM_WEBHOOK_SECRET=whsec_test npx tsx examples/webhooks/express.ts
import express from 'express';
import { createNodeWebhookHandler, type WebhookReceiverOptions } from 'credit-platform/webhooks';
import { isMain, webhookSecret } from './serve-fetch.js';

/** The app; `options` lets a test swap the callbacks and the store. */
export function createApp(options: WebhookReceiverOptions): express.Express {
  const app = express();
  app.post('/webhooks', createNodeWebhookHandler(options));
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
    // The default writes one console.warn line per refused delivery; a log pipeline can take it instead.
    onRejected: (error) => console.warn(`refused a delivery: ${error.code}`),
  });
  const port = Number(process.env.PORT ?? 3000);
  app.listen(port, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${port}/webhooks`));
}
