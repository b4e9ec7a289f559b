// The soak's server: the testing kit's fake over loopback, in its own process so the client's
// heap is measured alone. Each request has a 10% chance of meeting an injected fault.
import { createFakeCreditPlatform, type FaultSpec, startFakeServer } from '../../src/testing/index.js';

const FAULT_RATE = Number(process.env.SOAK_FAULT_RATE ?? 0.1);
const FAULTS: Omit<FaultSpec, 'path'>[] = [
  { kind: 'status', status: 500 },
  { kind: 'status', status: 503, headers: { 'retry-after': '0' } },
  { kind: 'raw', status: 429, body: '{"success":false,"data":null,"message":"slow down"}' },
  { kind: 'non-json', status: 502 },
  { kind: 'raw', status: 502 },
  { kind: 'raw', status: 200, body: '{"success":true,"data":{"id":"acc', headers: { 'content-type': 'application/json' } },
  { kind: 'drop' },
  { kind: 'delay', delayMs: 40 },
];

const fake = createFakeCreditPlatform({
  transactions: 500,
  rateLimit: { tiers: { premium: { perMinute: 100_000_000, perDay: 100_000_000 } } },
});
const handle = fake.handle.bind(fake);
let injected = 0;
(fake as { handle: typeof fake.handle }).handle = (request, context) => {
  if (Math.random() < FAULT_RATE) {
    injected++;
    const fault = FAULTS[Math.floor(Math.random() * FAULTS.length)] as Omit<FaultSpec, 'path'>;
    fake.faults.inject({ ...fault, path: /./ });
  }
  return handle(request, context);
};
const server = await startFakeServer({ fake });
process.send?.({ baseUrl: server.baseUrl, apiKey: server.apiKey });
process.on('message', async (message) => {
  if (message !== 'stop') return;
  process.send?.({ injected });
  await server.close();
  process.disconnect();
});
