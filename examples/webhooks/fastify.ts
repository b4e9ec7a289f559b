// Fastify: in the webhook route's own plugin, a content-type parser that leaves the request stream
// unread, and the route hands it to `createNodeWebhookHandler`, which reads the raw bytes itself
// (within `readTimeout`, default 10 s: Fastify sets no deadline of its own by default). Other routes
// keep Fastify's default JSON parser.
// Run: CREDIT_PLATFORM_WEBHOOK_SECRET=whsec_test npx tsx examples/webhooks/fastify.ts
import Fastify, { type FastifyInstance } from 'fastify';
import { createNodeWebhookHandler, type WebhookReceiverOptions } from 'credit-platform/webhooks';
import { isMain, webhookSecret } from './serve-fetch.js';

/** The app; `options` lets a test swap the callbacks and the store. */
export function createApp(options: WebhookReceiverOptions): FastifyInstance {
  const app = Fastify();
  const handler = createNodeWebhookHandler(options);
  // biome-ignore lint/nursery/noMisusedPromises: Fastify awaits async plugins; its types say so too
  void app.register(async (scope) => {
    // Scoped to this plugin: any content type is left unread here, for the handler to read.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.post('/webhooks', (request, reply) => {
      // The handler writes the answer on the raw response.
      reply.hijack();
      return handler(request.raw, reply.raw);
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
