// DNS rebinding: a page on attacker.example whose name resolves to 127.0.0.1 reaches the fake with
// `Host: attacker.example:<port>`. These tests send such requests over real loopback HTTP to every
// route family (the API's reads and writes, the emit endpoint of `webhooks trigger`) of a fake that
// forwards its events to a real loopback endpoint, which must receive nothing.
import { createServer as createNetServer } from 'node:net';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../../src/testing/index.js';
import { hostAllowList } from '../../../src/testing/server/host-guard.js';
import { type RawAnswer, rawRequest, readAnswer } from '../../helpers/raw-http.js';

interface Sent {
  method: 'GET' | 'POST';
  path: string;
  /** The `Host` header; null sends none. */
  host: string | null;
  apiKey?: string;
  body?: string;
  /** Where to connect; the server's own address by default. */
  connectTo?: string;
}

/** One request over node:http, which (unlike fetch) sends whatever `Host` it is given. */
function send(server: FakeServer, sent: Sent): Promise<RawAnswer> {
  const { port, hostname } = new URL(server.url);
  return rawRequest({
    host: sent.connectTo ?? hostname.replace(/^\[|\]$/g, ''),
    port,
    method: sent.method,
    path: sent.path,
    setHost: false,
    headers: {
      ...(sent.host === null ? {} : { host: sent.host }),
      ...(sent.apiKey === undefined ? {} : { 'x-api-key': sent.apiKey }),
      ...(sent.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: sent.body,
  });
}

/** The three route families, as a page that knows the fake's public default key would call them. */
function routes(apiKey: string): Omit<Sent, 'host'>[] {
  return [
    { method: 'GET', path: '/api/v1/accounts/me', apiKey },
    {
      method: 'POST',
      path: '/api/v1/deposits',
      apiKey,
      body: JSON.stringify({ token: 'USDC', chain: 'Base', amount: '10.00' }),
    },
    { method: 'POST', path: '/_fake/events', apiKey, body: JSON.stringify({ type: 'deposit.created' }) },
  ];
}

/** The developer's app that the fake forwards signed events to. */
let target: Server;
let targetUrl: string;
let received: string[];
let server: FakeServer | undefined;

beforeEach(async () => {
  received = [];
  target = createServer((req, res) => {
    received.push(req.url ?? '');
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const address = target.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  targetUrl = `http://127.0.0.1:${address.port}/webhooks`;
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  target.closeAllConnections();
  await new Promise<void>((resolve) => target.close(() => resolve()));
});

const startForwarding = (options: Parameters<typeof startFakeServer>[0] = {}) =>
  startFakeServer({ emitEndpoint: true, forwardWebhooks: { url: targetUrl, secret: 'whsec_host_guard' }, ...options });

describe('startFakeServer answers only its own names', () => {
  it('refuses a foreign Host on every route with 421 and one line, and runs, emits and forwards nothing', async () => {
    server = await startForwarding();
    const port = Number(new URL(server.url).port);
    const otherPort = port === 65_535 ? port - 1 : port + 1;
    const foreign = [
      `attacker.example:${port}`, // a rebound name with the fake's port
      `localhost.attacker.example:${port}`,
      'attacker.example', // port 80
      `127.0.0.1:${otherPort}`, // the right name with a wrong port
      `localhost:${otherPort}`,
      `[::1]:${otherPort}`,
      'localhost', // port 80 is not the fake's
      null, // no Host at all
    ];
    for (const host of foreign) {
      for (const route of routes(server.apiKey)) {
        const answer = await send(server, { ...route, host });
        expect({ host, path: route.path, status: answer.status }).toEqual({ host, path: route.path, status: 421 });
        expect([answer.headers['content-type'], answer.headers.connection]).toEqual(['application/json; charset=utf-8', 'close']);
        const { message } = JSON.parse(answer.body);
        expect(message).toMatch(/^This fake answers only requests whose Host is .*DNS rebinding.*allowedHosts option\.$/);
        expect(message).not.toMatch(/[\r\n]/);
        expect(message).toContain(`localhost:${port}`);
        expect(JSON.parse(answer.body)).toEqual({
          success: false,
          data: null,
          message,
          errors: [{ field: 'Host', code: 'MISDIRECTED_REQUEST', message }],
        });
      }
    }
    await server.fake.settled();
    expect(server.fake.admin.events()).toEqual([]);
    expect(received).toEqual([]);
    // The first request the fake counts: none of the 24 above reached the rate limiter.
    const me = await fetch(`${server.baseUrl}/accounts/me`, { headers: { 'X-API-Key': server.apiKey } });
    expect([me.status, me.headers.get('x-ratelimit-remaining')]).toEqual([200, '599']);
  });

  it('answers before a refused body has ended: the body is never read', async () => {
    server = await startForwarding();
    const { port } = new URL(server.url);
    const answer = await new Promise<RawAnswer>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/deposits',
          headers: { host: `attacker.example:${port}`, 'x-api-key': server?.apiKey, 'content-type': 'application/json' },
        },
        (res) => {
          readAnswer(res).then(resolve, reject);
          req.destroy();
        },
      );
      req.on('error', () => {}); // the fake closes the connection it did not read
      req.write('{"token":"USDC","chain":"Base","amount":"10.00"'); // and the rest never comes
    });
    expect(answer.status).toBe(421);
    expect(server.fake.admin.events()).toEqual([]);
  });

  it('serves localhost, 127.0.0.1 and [::1] with its port, in any case, on every route', async () => {
    server = await startForwarding();
    const { port } = new URL(server.url);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LocalHost:${port}`, `[::1]:${port}`]) {
      const [me, deposit, emit] = routes(server.apiKey);
      expect([host, (await send(server, { ...me!, host })).status]).toEqual([host, 200]);
      expect([host, (await send(server, { ...deposit!, host })).status]).toEqual([host, 201]);
      expect([host, (await send(server, { ...emit!, host })).status]).toEqual([host, 201]);
    }
    await server.fake.settled();
    // Each deposit and each emitted event reached the developer's app: 4 names × 2.
    expect(received).toHaveLength(8);
  });

  it('serves the names of allowedHosts, a bare name on its own port and name:port on that port', async () => {
    server = await startForwarding({ allowedHosts: [' fake ', 'Proxy.test:8080', 'port80.test:80'] });
    const { port } = new URL(server.url);
    const [me] = routes(server.apiKey);
    const status = async (host: string) => (await send(server!, { ...me!, host })).status;
    expect(await status(`fake:${port}`)).toBe(200);
    expect(await status('proxy.test:8080')).toBe(200);
    expect(await status(`proxy.test:${port}`)).toBe(421);
    expect(await status('fake:8080')).toBe(421);
    expect(await status(`attacker.example:${port}`)).toBe(421);
    // No port in Host is port 80, as behind a proxy on the default port.
    expect(await status('port80.test')).toBe(200);
    expect(await status('fake')).toBe(421);
  });

  it('refuses an allowedHosts entry that is not a host name before listening', async () => {
    await expect(startFakeServer({ allowedHosts: ['http://fake'] })).rejects.toThrow(
      /allowedHosts: "http:\/\/fake" is not a host name/,
    );
    await expect(startFakeServer({ allowedHosts: ['::1'] })).rejects.toThrow(TypeError);
    await expect(startFakeServer({ allowedHosts: ['fake/path'] })).rejects.toThrow(TypeError);
  });
});

describe('hostAllowList', () => {
  it('answers the listening address and the requested host, lower-cased, IPv6 in brackets', () => {
    const hosts = hostAllowList({ address: 'FD00::1', port: 4010 }, 'My-Host.Test', []);
    expect(hosts.allows('[fd00::1]:4010')).toBe(true);
    expect(hosts.allows('my-host.test:4010')).toBe(true);
    expect(hosts.allows('MY-HOST.TEST:4010')).toBe(true);
    expect(hosts.allows('localhost:4010')).toBe(true);
    expect(hosts.allows('my-host.test:4011')).toBe(false);
  });

  it('refuses a missing Host, and one that is not a host name, even on port 80 of any address', () => {
    const hosts = hostAllowList({ address: '', port: 80 }, '', []);
    expect(hosts.allows('localhost')).toBe(true);
    for (const host of [undefined, '', 'bad host!', ':80', 'http://localhost', 'undefined']) {
      expect([host, hosts.allows(host)]).toEqual([host, false]);
    }
  });
});

/** Whether this machine can listen on the IPv6 loopback (containers often cannot). */
const ipv6Loopback = await new Promise<boolean>((resolve) => {
  const probe = createNetServer();
  probe.once('error', () => resolve(false));
  probe.listen(0, '::1', () => probe.close(() => resolve(true)));
});

describe.skipIf(!ipv6Loopback)('startFakeServer on ::1', () => {
  it('answers [::1] and the loopback names with its port, and refuses a foreign Host', async () => {
    server = await startForwarding({ host: '::1' });
    expect(server.url).toMatch(/^http:\/\/\[::1\]:\d+$/);
    const { port } = new URL(server.url);
    const [me, deposit, emit] = routes(server.apiKey);
    for (const host of [`[::1]:${port}`, `localhost:${port}`]) {
      expect([host, (await send(server, { ...me!, host })).status]).toEqual([host, 200]);
    }
    for (const route of [me!, deposit!, emit!]) {
      expect((await send(server, { ...route, host: `attacker.example:${port}` })).status).toBe(421);
    }
    expect((await fetch(`${server.baseUrl}/accounts/me`, { headers: { 'X-API-Key': server.apiKey } })).status).toBe(200);
    await server.fake.settled();
    expect(server.fake.admin.events()).toEqual([]);
    expect(received).toEqual([]);
  });
});
