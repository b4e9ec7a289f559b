// The receivers facing hostile signature headers: refused (401) in time that does not grow with
// the header, under the Fetch handler and under the Node handler on a real node:http server that
// accepts headers of up to 2 MiB. The bound is generous; the quadratic trim took seconds.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createNodeWebhookHandler, createSignedWebhookDelivery, createWebhookHandler } from '../../../src/webhooks/index.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

const BOUND_MS = 50;
const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });

// Smallest first, so a quadratic parser is reported by the 16 KB cases at once; run those alone
// (`-t 16000`) there, since the 1 MB case would take many minutes.
const HOSTILE: [string, string][] = [
  ['"x" + 16000 spaces + "x\\u00a0"', `x${' '.repeat(16_000)}x\u00a0`],
  ['"x" + 16000 tabs + "x\\u00a0"', `x${'\t'.repeat(16_000)}x\u00a0`],
  ['"x" + 1M spaces + "x\\u00a0"', `x${' '.repeat(1 << 20)}x\u00a0`],
];

/** The least of three durations: a scheduler pause on a shared machine is not the handler's doing. */
async function leastOfThree(measure: () => Promise<number>): Promise<number> {
  let least = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3 && least >= BOUND_MS; run++) least = Math.min(least, await measure());
  return least;
}

describe('createWebhookHandler and hostile signature headers', () => {
  const onDeposit = vi.fn();
  const handler = createWebhookHandler({ secret: SECRET, on: { 'deposit.created': onDeposit }, onRejected: () => {} });

  it.each(HOSTILE)('answers %s with 401 in under 50 ms', async (_, signature) => {
    const ms = await leastOfThree(async () => {
      const request = new Request('http://127.0.0.1/webhooks', {
        method: 'POST',
        body: delivery.body,
        headers: { ...delivery.headers, 'x-webhook-signature': signature },
      });
      const start = performance.now();
      const response = await handler(request);
      const elapsed = performance.now() - start;
      expect(response.status).toBe(401);
      return elapsed;
    });
    expect(ms).toBeLessThan(BOUND_MS);
    expect(onDeposit).not.toHaveBeenCalled();
  });
});

describe('createNodeWebhookHandler on node:http and hostile signature headers', () => {
  const onDeposit = vi.fn();
  const handler = createNodeWebhookHandler({ secret: SECRET, on: { 'deposit.created': onDeposit }, onRejected: () => {} });
  const durations: number[] = [];
  let server: Server;
  let url: string;
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it.each(HOSTILE)('answers %s with 401 in under 50 ms of handler time', async (_, signature) => {
    server ??= createServer({ maxHeaderSize: 2 << 20 }, async (req, res) => {
      const start = performance.now();
      await handler(req, res);
      durations.push(performance.now() - start);
    });
    if (!server.listening) {
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
    }
    const ms = await leastOfThree(async () => {
      const response = await fetch(url, {
        method: 'POST',
        body: delivery.body,
        headers: { ...delivery.headers, 'x-webhook-signature': signature },
      });
      expect(response.status).toBe(401);
      await response.arrayBuffer();
      return durations.at(-1) ?? Number.POSITIVE_INFINITY;
    });
    expect(ms).toBeLessThan(BOUND_MS);
    expect(onDeposit).not.toHaveBeenCalled();
  });
});
