// Next.js App Router: save as app/api/webhooks/route.ts. The handler reads the raw
// body itself; do not call request.json() first. It runs on the Node.js runtime
// (the default); on the Edge runtime import from a node-free build of the entry.
// Run locally: CREDIT_PLATFORM_WEBHOOK_SECRET=whsec_test npx tsx examples/webhooks/nextjs-route.ts
import { createWebhookHandler } from 'credit-platform/webhooks';
import { isMain, serveFetch, webhookSecret } from './serve-fetch.js';

let handler: ((request: Request) => Promise<Response>) | undefined;

/** The route handler. Created on first use, so `next build` does not need the secret. */
export async function POST(request: Request): Promise<Response> {
  handler ??= createWebhookHandler({
    secret: webhookSecret(),
    on: {
      'deposit.created': async (event) => {
        console.log('deposit', event.data.depositId, event.data.amount);
      },
      'credit.frozen': async (event) => {
        console.log('credit frozen', event.id);
      },
    },
  });
  return handler(request);
}

if (isMain(import.meta.url)) {
  const port = Number(process.env.PORT ?? 3000);
  await serveFetch(POST, port);
  console.log(`listening on http://127.0.0.1:${port}/ (any path)`);
}
