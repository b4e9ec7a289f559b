// Fastify: parse application/json as a Buffer in the webhook plugin's scope only,
// then hand the raw bytes to the framework-neutral receiver.
// Run: WEBHOOK_SECRET=whsec_test npx tsx examples/webhooks/fastify.ts
import Fastify, { type FastifyInstance } from 'fastify';
import { createWebhookReceiver, type WebhookReceiverOptions } from 'credit-platform/webhooks';
import { isMain, webhookSecret } from './serve-fetch.js';

/** The app; `options` lets a test swap the callbacks and the store. */
export function createApp(options: WebhookReceiverOptions): FastifyInstance {
  const app = Fastify();
  const receive = createWebhookReceiver(options);
  // biome-ignore lint/nursery/noMisusedPromises: Fastify awaits async plugins; its types say so too
  void app.register(async (scope) => {
    // Scoped to this plugin: other routes keep Fastify's JSON parser.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/webhooks', async (request, reply) => {
      const result = await receive({
        body: request.body as Buffer,
        signature: request.headers['x-webhook-signature'],
      });
      return reply.code(result.status).headers(result.headers).send(result.body);
    });
  });
  return app;
}

if (isMain(import.meta.url)) {
  const app = createApp({
    secret: webhookSecret(),
    on: { 'payment.received': (event) => console.log('payment', event.id, event.data) },
  });
  const port = Number(process.env.PORT ?? 3000);
  await app.listen({ port, host: '127.0.0.1' });
  console.log(`listening on http://127.0.0.1:${port}/webhooks`);
}
