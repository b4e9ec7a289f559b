// maxBodyBytes on the Node handler's own read of a real socket: a chunked body refused as it passes
// the limit, in the packet of its headers, leaves no readTimeout deadline behind (the stand-in
// stream of node-handler-stream.test.ts covers the other limits).
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNodeWebhookHandler, createSignedWebhookDelivery } from '../../../src/webhooks/index.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

const servers: Server[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

const READ_TIMEOUT = 41_234;

async function start(maxBodyBytes: number) {
  const onDeposit = vi.fn();
  const server = createServer(
    createNodeWebhookHandler({ secret: SECRET, on: { 'deposit.created': onDeposit }, maxBodyBytes, readTimeout: READ_TIMEOUT }),
  );
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { onDeposit, port: (server.address() as AddressInfo).port };
}

/** Writes `head` (and `body`, if any) in one write on a fresh connection; resolves with the status. */
async function exchange(port: number, head: Record<string, string | number>, body = ''): Promise<number> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const lines = Object.entries({ host: `127.0.0.1:${port}`, connection: 'close', ...head })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(`POST /webhooks HTTP/1.1\r\n${lines}\r\n${body}`);
  let answer = '';
  for await (const chunk of socket) answer += chunk;
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
}

function deposit() {
  return createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
}

describe('createNodeWebhookHandler: maxBodyBytes on the stream', () => {
  it('refuses a chunked body as it passes the limit, and arms no deadline for the refused read', async () => {
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    const { onDeposit, port } = await start(64);
    const delivery = deposit();
    const body = Buffer.from(delivery.body);
    const chunked = `${body.length.toString(16)}\r\n${delivery.body}\r\n0\r\n\r\n`;
    expect(await exchange(port, { ...delivery.headers, 'transfer-encoding': 'chunked' }, chunked)).toBe(413);
    expect(onDeposit).not.toHaveBeenCalled();
    expect(setTimer.mock.calls.filter(([, ms]) => ms === READ_TIMEOUT)).toEqual([]);
  });
});
