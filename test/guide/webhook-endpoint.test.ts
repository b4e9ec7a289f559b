// The testing guide's vitest example (docs/guides/testing.md, "Testing your webhook endpoint"):
// an Express endpoint under test, the fake on loopback, nothing sent anywhere else. In your
// project the imports are 'credit-platform', 'credit-platform/testing' and
// 'credit-platform/webhooks'. CI also runs this file in a network namespace that has only
// loopback (scripts/consumers.sh, guide-vitest/offline).
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CreditPlatform } from '../../src/index.js';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';
import { constructWebhookEvent } from '../../src/webhooks/index.js';

// The application code under test.
const credited: { depositId: string; amount: string }[] = [];
const app = express();
app.post('/hooks/credit-platform', express.raw({ type: 'application/json' }), (req, res) => {
  const event = constructWebhookEvent(req.body, req.get('x-webhook-signature'), process.env.WEBHOOK_SECRET ?? '');
  if (event.type === 'deposit.created') credited.push({ depositId: event.data.depositId, amount: event.data.amount });
  res.sendStatus(200);
});

let fake: FakeServer;
let endpoint: ReturnType<typeof app.listen>;
let endpointUrl: string;

beforeAll(async () => {
  process.env.WEBHOOK_SECRET = 'whsec_test';
  fake = await startFakeServer();
  endpoint = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => endpoint.once('listening', resolve));
  endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hooks/credit-platform`;
});
afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => endpoint.close(resolve));
});

test('a deposit.created delivery credits the deposit', async () => {
  const client = new CreditPlatform({ apiKey: fake.apiKey, baseUrl: fake.baseUrl });
  await client.webhooks.create({
    url: 'https://example.com/hooks/credit-platform',
    events: ['deposit.created'],
    secret: 'whsec_test',
  });

  const { deliveries } = await fake.fake.admin.emit('deposit.created', { amount: '25.00' });
  expect(deliveries.map((d) => d.outcome)).toEqual(['recorded']); // nothing was sent to example.com

  const response = await fake.fake.admin.deliver(deliveries[0]!, endpointUrl); // a real POST on loopback
  expect(response.status).toBe(200);
  expect(credited).toEqual([{ depositId: 'dep_sample', amount: '25.00' }]);
});
