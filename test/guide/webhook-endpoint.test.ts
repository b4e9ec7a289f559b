// The testing guide's vitest example (docs/guides/testing.md, "Testing your webhook endpoint"),
// exactly as the guide shows it below this comment (test/guide/docs-match.test.ts holds them
// equal): 'credit-platform' resolves to src/ through tsconfig.json `paths`. CI also runs this
// file with no network but loopback (scripts/consumers.sh, guide-vitest/offline).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CreditPlatform } from 'credit-platform';
import { type FakeServer, startFakeServer } from 'credit-platform/testing';
import { createNodeWebhookHandler } from 'credit-platform/webhooks';

// The application code under test. The SDK's receiver reads the raw body from the stream (so the
// route comes before any app.use(express.json())), verifies its signature, answers a forgery with
// 401 and runs the callback once per event id, however often it arrives.
const credited: { depositId: string; amount: string }[] = [];
function createApp(secret: string): express.Express {
  const app = express();
  app.post(
    '/hooks/credit-platform',
    createNodeWebhookHandler({
      secret,
      on: {
        'deposit.created': async (event) => {
          credited.push({ depositId: event.data.depositId, amount: event.data.amount });
        },
      },
    }),
  );
  return app;
}

const SECRET = 'whsec_test';
let fake: FakeServer;
let endpoint: Server;
let endpointUrl: string;

beforeAll(async () => {
  fake = await startFakeServer();
  const client = new CreditPlatform({ apiKey: fake.apiKey, baseUrl: fake.baseUrl });
  await client.webhooks.create({ url: 'https://example.com/hooks/credit-platform', events: ['deposit.created'], secret: SECRET });
  endpoint = createApp(SECRET).listen(0, '127.0.0.1');
  await new Promise((resolve) => endpoint.once('listening', resolve));
  endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hooks/credit-platform`;
});
afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => endpoint.close(resolve));
});

test('a deposit.created delivery credits the deposit once, however often it arrives', async () => {
  const { event, deliveries } = await fake.fake.admin.emit('deposit.created', { amount: '25.00' });
  expect(deliveries.map((d) => d.outcome)).toEqual(['recorded']); // nothing was sent to example.com

  const first = await fake.fake.admin.deliver(deliveries[0]!, endpointUrl); // a real POST on loopback
  const retried = await fake.fake.admin.deliver(deliveries[0]!, endpointUrl); // the service retries
  expect([first.status, retried.status]).toEqual([200, 200]);
  expect(credited).toEqual([{ depositId: event.data.depositId, amount: '25.00' }]);
});

test('a forged delivery gets a 401, not a 500, and credits nothing', async () => {
  const { deliveries } = await fake.fake.admin.emit('deposit.created', { depositId: 'dep_forged' });
  const forged = await fetch(endpointUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-webhook-signature': '0'.repeat(64) },
    body: deliveries[0]!.body,
  });
  expect(forged.status).toBe(401);
  expect(credited.map((c) => c.depositId)).not.toContain('dep_forged');
});
