// readTimeout: a body that trickles in (one byte every 150 ms, from a loopback sender) is answered
// 408 once the deadline passes, and no callback runs; a body that arrives in time is unaffected,
// and the deadline's timer is cleared either way. The Node handler arms none for a body that came
// with its headers.
import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveFetch } from '../../../examples/webhooks/serve-fetch.js';
import {
  createNodeWebhookHandler,
  createSignedWebhookDelivery,
  createWebhookHandler,
  type WebhookReceiverOptions,
} from '../../../src/webhooks/index.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';
import { trickle } from '../../helpers/trickle.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

function urlOf(server: Server): string {
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
}

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return urlOf(server);
}

const RECEIVERS: [string, (options: WebhookReceiverOptions) => Promise<string>][] = [
  ['createWebhookHandler (Fetch, on node:http)', async (options) => urlOf(await serveFetch(createWebhookHandler(options)))],
  ['createNodeWebhookHandler (node:http)', (options) => listen(createServer(createNodeWebhookHandler(options)))],
];

/** Posts `body` `gapMs` after its headers, and resolves with the answer. */
function postLate(url: string, body: string, headers: Record<string, string>, gapMs: number) {
  return new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } });
    req.on('response', async (res) => {
      let text = '';
      for await (const chunk of res) text += chunk;
      resolve({ status: res.statusCode, body: text });
    });
    req.on('error', reject);
    req.flushHeaders();
    setTimeout(() => req.end(body), gapMs);
  });
}

/** Sends a whole POST (headers and body) in one write on a fresh connection, and resolves with the status. */
async function postInOneWrite(url: string, body: string, headers: Record<string, string>): Promise<number> {
  const { hostname, port, pathname } = new URL(url);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  const head = Object.entries({
    ...headers,
    host: `${hostname}:${port}`,
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  // Not end(): a half-closed request is one node:http gives up on; connection: close ends the exchange.
  socket.write(`POST ${pathname} HTTP/1.1\r\n${head}\r\n${body}`);
  let answer = '';
  for await (const chunk of socket) answer += chunk;
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
}

function deposit() {
  return createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
}

describe.each(RECEIVERS)('%s readTimeout', (_, start) => {
  it('answers a body trickling in at one byte per 150 ms with 408 once readTimeout passes, and runs no callback', async () => {
    const onDeposit = vi.fn();
    const onError = vi.fn();
    const url = await start({ secret: SECRET, on: { 'deposit.created': onDeposit }, onError, readTimeout: 400 });
    const delivery = deposit();
    const result = await trickle(url, delivery.body, delivery.headers, { everyMs: 150, giveUpMs: 5_000 });
    expect(result.status).toBe(408);
    expect(JSON.parse(result.body)).toMatchObject({ error: 'read_timeout', message: expect.stringMatching(/400 ms/) });
    expect(result.elapsedMs).toBeGreaterThanOrEqual(390);
    expect(result.bytesSent).toBeLessThan(delivery.body.length);
    expect(onDeposit).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('lets a body that arrives in time through, and clears the deadline timer', async () => {
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    const clearTimer = vi.spyOn(globalThis, 'clearTimeout');
    const onDeposit = vi.fn();
    const url = await start({ secret: SECRET, on: { 'deposit.created': onDeposit }, readTimeout: 43_210 });
    const delivery = deposit();
    // The body follows its headers 100 ms later, so it is still on the wire when the handler starts.
    const response = await postLate(url, delivery.body, delivery.headers, 100);
    expect([response.status, JSON.parse(response.body)]).toEqual([200, { received: true }]);
    expect(onDeposit).toHaveBeenCalledOnce();
    const deadlines = setTimer.mock.results.filter((_, i) => setTimer.mock.calls[i]?.[1] === 43_210);
    expect(deadlines).toHaveLength(1);
    expect(clearTimer).toHaveBeenCalledWith(deadlines[0]?.value);
  });
});

describe('createNodeWebhookHandler arms the deadline only for a body still on the wire', () => {
  it('arms no timer for a body that came with its headers', async () => {
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    const onDeposit = vi.fn();
    const url = await listen(
      createServer(createNodeWebhookHandler({ secret: SECRET, on: { 'deposit.created': onDeposit }, readTimeout: 43_210 })),
    );
    const delivery = deposit();
    expect(await postInOneWrite(url, delivery.body, delivery.headers)).toBe(200);
    expect(onDeposit).toHaveBeenCalledOnce();
    expect(setTimer.mock.calls.filter(([, ms]) => ms === 43_210)).toEqual([]);
  });

  it('answers 408 to a whole body on a stream that another middleware paused, as it cannot end', async () => {
    const onDeposit = vi.fn();
    const handler = createNodeWebhookHandler({ secret: SECRET, on: { 'deposit.created': onDeposit }, readTimeout: 300 });
    const url = await listen(
      createServer((req, res) => {
        req.pause();
        // Called once the whole request is parsed (`complete`), as behind a slow middleware.
        setTimeout(() => {
          expect(req.complete).toBe(true);
          void handler(req, res);
        }, 100);
      }),
    );
    const delivery = deposit();
    expect(await postInOneWrite(url, delivery.body, delivery.headers)).toBe(408);
    expect(onDeposit).not.toHaveBeenCalled();
  });
});

describe('what a receiver holds when readTimeout passes', () => {
  it('createWebhookHandler cancels the body stream', async () => {
    const cancel = vi.fn();
    const delivery = deposit();
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode(delivery.body.slice(0, 10))),
      pull: () => new Promise<void>(() => {}), // the rest never comes
      cancel,
    });
    const handler = createWebhookHandler({ secret: SECRET, readTimeout: 200 });
    const request = new Request('http://127.0.0.1/webhooks', {
      method: 'POST',
      body,
      headers: delivery.headers,
      duplex: 'half',
    } as RequestInit);
    const response = await handler(request);
    expect(response.status).toBe(408);
    expect(cancel).toHaveBeenCalledOnce();
  });

  it('createNodeWebhookHandler leaves no listener on the request', async () => {
    const handler = createNodeWebhookHandler({ secret: SECRET, readTimeout: 300 });
    const left: number[] = [];
    const url = await listen(
      createServer(async (req, res) => {
        await handler(req, res);
        // node:http itself adds `clearIncoming` on 'end' once the answer is out and the body is not:
        // only the handler's own listeners count.
        const own = (event: string) => req.listeners(event).filter((listener) => listener.name !== 'clearIncoming');
        left.push(...(['data', 'end', 'error', 'close'] as const).map((event) => own(event).length));
      }),
    );
    const delivery = deposit();
    const result = await trickle(url, delivery.body, delivery.headers, { everyMs: 150, giveUpMs: 5_000 });
    expect(result.status).toBe(408);
    await vi.waitFor(() => expect(left).toHaveLength(4));
    expect(left).toEqual([0, 0, 0, 0]);
  });
});

describe('readTimeout option', () => {
  it('is checked when the receiver is created', () => {
    for (const readTimeout of [0, -1, Number.NaN, '10s']) {
      expect(() => createWebhookHandler({ secret: SECRET, readTimeout: readTimeout as number })).toThrow(
        /createWebhookHandler: readTimeout must be a positive number of milliseconds/,
      );
      expect(() => createNodeWebhookHandler({ secret: SECRET, readTimeout: readTimeout as number })).toThrow(
        /createNodeWebhookHandler: readTimeout/,
      );
    }
  });

  it('defaults to 10 s', async () => {
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    const handler = createWebhookHandler({ secret: SECRET, onRejected: () => {} });
    const delivery = deposit();
    await handler(new Request('http://127.0.0.1/webhooks', { method: 'POST', body: delivery.body, headers: delivery.headers }));
    expect(setTimer.mock.calls.filter(([, ms]) => ms === 10_000)).toHaveLength(1);
  });
});
