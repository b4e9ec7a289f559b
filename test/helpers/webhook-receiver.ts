import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNodeWebhookHandler, type WebhookEvent } from '../../src/webhooks/index.js';

/** A loopback webhook endpoint built with createNodeWebhookHandler; `handled` lists what its callback ran for. */
export async function startReceiver(secret: string): Promise<{ url: string; handled: WebhookEvent[]; close(): Promise<void> }> {
  const handled: WebhookEvent[] = [];
  const record = (event: WebhookEvent) => void handled.push(event);
  const handler = createNodeWebhookHandler({
    secret,
    on: { 'deposit.created': record, 'payment.overdue': record, 'score.updated': record },
    onError: () => undefined,
  });
  const server: Server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    handled,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
