// The testing guide's Jest example (docs/guides/testing.md): a user's webhook endpoint tested
// against the fake, over loopback, with nothing sent anywhere else.
import { CreditPlatform } from 'credit-platform';
import { startFakeServer, type FakeServer } from 'credit-platform/testing';
import { credited, webhookEndpoint } from '../src/webhook-endpoint';

const SECRET = 'whsec_test';
let server: FakeServer;

beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());

test('a deposit.created delivery credits the deposit', async () => {
  const client = new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl });
  await client.webhooks.create({ url: 'https://example.com/hooks/credit-platform', events: ['deposit.created'], secret: SECRET });

  // The fake records the signed delivery instead of sending it...
  const { deliveries } = await server.fake.admin.emit('deposit.created', { amount: '25.00' });
  expect(deliveries).toHaveLength(1);
  expect(deliveries[0]?.outcome).toBe('recorded');

  // ...and hands it to the endpoint in one call.
  const response = await server.fake.admin.deliver(deliveries[0]!, (request) => webhookEndpoint(request, SECRET));
  expect(response.status).toBe(200);
  expect(credited).toEqual([{ depositId: 'dep_sample', amount: '25.00' }]);
});

test('a delivery signed with another secret is refused', async () => {
  const { deliveries } = await server.fake.admin.emit('deposit.created');
  const response = await server.fake.admin.deliver(deliveries[0]!, (request) => webhookEndpoint(request, 'whsec_other'));
  expect(response.status).toBe(400);
  expect(await response.text()).toBe('signature_mismatch');
});
