// The application code under test: the webhook endpoint, a Fetch-style handler. The SDK's
// receiver verifies the signature over the raw body, answers a forgery with 401 and runs the
// callback once per event id, however often the service delivers it.
import { createWebhookHandler } from 'credit-platform/webhooks';

export const credited: { depositId: string; amount: string }[] = [];

export function createWebhookEndpoint(secret: string): (request: Request) => Promise<Response> {
  return createWebhookHandler({
    secret,
    on: {
      'deposit.created': async (event) => {
        credited.push({ depositId: event.data.depositId, amount: event.data.amount });
      },
    },
  });
}
