// A loopback server for the overhead bench, run in its own process so that serving does not
// share an event loop with the clients being measured.
import { createServer } from 'node:http';

const body = JSON.stringify({
  success: true,
  data: {
    id: 'acc_1',
    name: 'Bench Co',
    email: 'ops@bench.test',
    tier: 'premium',
    creditTier: 'PREMIUM',
    status: 'active',
    kycStatus: 'verified',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  message: null,
});
const server = createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'x-ratelimit-limit': '100000',
    'x-ratelimit-remaining': '99999',
    'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 60),
  });
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.(typeof address === 'object' && address ? address.port : 0);
});
