import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock, startFakeServer, type FakeServer } from '../../../src/testing/index.js';
import { recordingTransport } from '../../helpers/fake-call.js';
import { rawRequest } from '../../helpers/raw-http.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('startFakeServer', () => {
  it('serves the fake on 127.0.0.1 over real HTTP', async () => {
    server = await startFakeServer({ transactions: 10 });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.baseUrl).toBe(`${server.url}/api/v1`);
    const res = await fetch(`${server.baseUrl}/accounts/me`, { headers: { 'X-API-Key': server.apiKey } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('599');
    expect((await res.json()).data.id).toBe(server.fake.accountId);
  });

  it('round-trips bodies and errors', async () => {
    server = await startFakeServer();
    const headers = { 'X-API-Key': server.apiKey, 'content-type': 'application/json' };
    const created = await fetch(`${server.baseUrl}/deposits`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ token: 'DAI', chain: 'Polygon', amount: '3.00' }),
    });
    expect(created.status).toBe(201);
    expect((await created.json()).data.token).toBe('DAI');
    const bad = await fetch(`${server.baseUrl}/deposits`, { method: 'POST', headers, body: '{oops' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, data: null, errors: [{ code: 'INVALID_JSON' }] });
    const unknown = await fetch(`${server.url}/elsewhere`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).success).toBe(false);
  });

  it('answers 413 to an oversize body and keeps serving', async () => {
    server = await startFakeServer({ maxBodyBytes: 512 });
    const res = await fetch(`${server.baseUrl}/deposits`, {
      method: 'POST',
      headers: { 'X-API-Key': server.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(200_000) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).errors[0].code).toBe('PAYLOAD_TOO_LARGE');
    expect((await fetch(`${server.baseUrl}/accounts/me`, { headers: { 'X-API-Key': server.apiKey } })).status).toBe(200);
  });

  it('destroys the socket for a dropped connection', async () => {
    server = await startFakeServer();
    server.fake.faults.inject({ path: '/accounts/me', kind: 'drop' });
    await expect(fetch(`${server.baseUrl}/accounts/me`, { headers: { 'X-API-Key': server.apiKey } })).rejects.toThrow(TypeError);
    expect((await fetch(`${server.baseUrl}/accounts/me`, { headers: { 'X-API-Key': server.apiKey } })).status).toBe(200);
  });

  it('serves a given fake and limits keyless clients by their own address', async () => {
    const fake = createFakeCreditPlatform({ rateLimit: { tiers: { free: { perMinute: 2, perDay: 100 } } } });
    server = await startFakeServer({ fake });
    expect(server.fake).toBe(fake);
    const { port } = new URL(server.url);
    const from = async (localAddress: string) => (await rawRequest({ port, localAddress, path: '/api/v1/accounts/me' })).status;
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push(await from('127.0.0.2'));
    expect(statuses).toEqual([401, 401, 429]);
    // Another address, and an in-process caller, each have a bucket of their own.
    expect(await from('127.0.0.3')).toBe(401);
    expect((await fake.handle(new Request(`${server.baseUrl}/accounts/me`))).status).toBe(401);
  });

  it('refuses to start on a port already in use', async () => {
    server = await startFakeServer();
    const { port } = new URL(server.url);
    await expect(startFakeServer({ port: Number(port) })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect((await fetch(`${server.baseUrl}/accounts/me`, { headers: { 'X-API-Key': server.apiKey } })).status).toBe(200);
  });

  it('drops the connection of a request it cannot read (OPTIONS *), and keeps serving', async () => {
    server = await startFakeServer();
    const { port } = new URL(server.url);
    await expect(rawRequest({ port, method: 'OPTIONS', path: '*', headers: { host: `127.0.0.1:${port}` } })).rejects.toThrow(
      /socket hang up|ECONNRESET/,
    );
    expect((await fetch(`${server.baseUrl}/accounts/me`, { headers: { 'X-API-Key': server.apiKey } })).status).toBe(200);
  });

  it("close() drops a connection in the middle of a request, and cancels the fake's scheduled retries", async () => {
    const { received, transport } = recordingTransport([503]);
    const fake = createFakeCreditPlatform({
      clock: createManualClock(),
      forwardWebhooks: { url: 'http://localhost:3000/h', secret: 'whsec_close', transport },
    });
    const s = await startFakeServer({ fake });
    await fake.admin.emit('deposit.created');
    expect(received).toHaveLength(1);
    const { port } = new URL(s.url);
    // A body that never ends: the fake is still reading it when close() is called. The server's
    // "100 Continue" says it has the request.
    let reading!: () => void;
    const read = new Promise<void>((resolve) => (reading = resolve));
    const pending = new Promise<Error>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/deposits',
        headers: { 'x-api-key': s.apiKey, expect: '100-continue' },
      });
      req.on('error', resolve);
      req.on('response', () => resolve(new Error('answered')));
      req.on('continue', () => {
        req.write('{"token":"USDC"');
        reading();
      });
      req.flushHeaders();
    });
    await read;
    await s.close();
    expect((await pending).message).toMatch(/socket hang up|ECONNRESET/);
    await fake.advanceTime(48 * 3_600_000);
    expect(received).toHaveLength(1);
  });

  it('stops accepting connections after close()', async () => {
    const s = await startFakeServer();
    await s.close();
    await expect(fetch(`${s.baseUrl}/accounts/me`)).rejects.toThrow();
  });

  it('keeps the raw HTTP response well-formed for HEAD-less clients (node:http request)', async () => {
    server = await startFakeServer();
    const { baseUrl, apiKey } = server;
    const body = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(`${baseUrl}/transactions?limit=2`, { headers: { 'x-api-key': apiKey } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end();
    });
    expect(JSON.parse(body).data.items).toHaveLength(2);
  });
});
