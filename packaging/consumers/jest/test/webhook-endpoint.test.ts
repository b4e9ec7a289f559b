// The testing guide's Jest example (docs/guides/testing.md shows this file and
// src/webhook-endpoint.ts as they are): a user's webhook endpoint tested against the fake, over
// loopback, with nothing sent anywhere else.
import { CreditPlatform } from 'credit-platform';
import { startFakeServer, type FakeServer } from 'credit-platform/testing';
import { createWebhookEndpoint, credited } from '../src/webhook-endpoint';

const SECRET = 'whsec_test';
const webhookEndpoint = createWebhookEndpoint(SECRET);
let server: FakeServer;

beforeAll(async () => {
  server = await startFakeServer();
  const client = new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl });
  await client.webhooks.create({ url: 'https://example.com/hooks/credit-platform', events: ['deposit.created'], secret: SECRET });
});
afterAll(() => server.close());

test('a deposit.created delivery credits the deposit once, however often it arrives', async () => {
  // The fake records the signed delivery instead of sending it...
  const { event, deliveries } = await server.fake.admin.emit('deposit.created', { amount: '25.00' });
  expect(deliveries).toHaveLength(1);
  expect(deliveries[0]?.outcome).toBe('recorded');

  // ...and hands it to the endpoint in one call; the second time, as the service's retry would.
  const first = await server.fake.admin.deliver(deliveries[0]!, webhookEndpoint);
  const retried = await server.fake.admin.deliver(deliveries[0]!, webhookEndpoint);
  expect([first.status, retried.status]).toEqual([200, 200]);
  expect(credited).toEqual([{ depositId: event.data.depositId, amount: '25.00' }]);
});

test('a delivery signed with another secret gets a 401 and credits nothing', async () => {
  const { deliveries } = await server.fake.admin.emit('deposit.created', { depositId: 'dep_forged' });
  const response = await server.fake.admin.deliver(deliveries[0]!, createWebhookEndpoint('whsec_other'));
  expect(response.status).toBe(401);
  expect(credited.map((c) => c.depositId)).not.toContain('dep_forged');
});
