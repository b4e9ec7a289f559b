// The hostile service for bench/error-body/run.ts, in a process of its own so that its buffers do
// not count in the client's RSS: every call is answered 500 with BODY_BYTES of `\f` escapes,
// as plain text (`/text`) or as the `message` of the service's envelope (`/envelope`).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const bytes = Number(process.env.BODY_BYTES ?? 32 * 2 ** 20 - 1024);
const escapes = Buffer.from('\\f'.repeat(Math.floor(bytes / 2)));
const bodies: Record<string, Buffer> = {
  text: escapes,
  envelope: Buffer.concat([
    Buffer.from('{"success":false,"message":"'),
    escapes.subarray(0, escapes.length - 64),
    Buffer.from('","errors":[]}'),
  ]),
};

const server = createServer((req, res) => {
  if (req.url?.endsWith('/small')) {
    res.writeHead(500, { 'content-type': 'text/plain' }).end('small');
    return;
  }
  const kind = req.url?.endsWith('/envelope') ? 'envelope' : 'text';
  res.writeHead(500, { 'content-type': kind === 'text' ? 'text/plain' : 'application/json' });
  res.end(bodies[kind]);
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
