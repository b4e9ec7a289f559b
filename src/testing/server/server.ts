import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EMIT_PATH, handleEmitRequest } from './emit-endpoint.js';
import { FORWARD_PATH, handleForwardRequest } from './forward-endpoint.js';
import { hostAllowList, refuseMisdirected } from './host-guard.js';
import {
  createFakeCreditPlatform,
  type FakeCreditPlatform,
  type FakeCreditPlatformOptions,
} from '../service/fake-credit-platform.js';
import { type FetchHandler, serveNodeRequest } from './node-bridge.js';

/**
 * Options of {@link startFakeServer}: where to listen, and either a fake to serve or
 * options to create one.
 *
 * @example
 * ```ts
 * await startFakeServer({ port: 4010, transactions: 1000 });
 * ```
 */
export interface FakeServerOptions extends FakeCreditPlatformOptions {
  /**
   * Makes ids and generated data reproducible (default 1) and, when no `apiKey` is given, the key
   * too: a test that needs the same key on every run passes a seed (or the key itself).
   */
  seed?: number;
  /**
   * Value of the default account's all-permission key. Default: derived from `seed` when one is
   * given, else random (`cpk_test_` and 40 hex digits), new on every start: a server on this
   * machine's network answers whoever knows its key, so the default is not a key anyone can know.
   */
  apiKey?: string;
  /** Default 0: any free port. */
  port?: number;
  /** Default 127.0.0.1: the fake is for this machine only. */
  host?: string;
  /** Serve this fake instead of creating one. */
  fake?: FakeCreditPlatform;
  /**
   * Also serve `POST /_fake/events` (outside `/api/v1`): `fake.admin.emit` over HTTP, for the
   * `credit-platform webhooks trigger` command; the body is
   * `{ "type": "deposit.created", "data": { ... } }`. And `GET /_fake/forward`: the
   * `forwardWebhooks` URL and how many of its events are not delivered yet, for
   * `credit-platform webhooks status`. Both need the fake's `X-API-Key`. Default false.
   */
  emitEndpoint?: boolean;
  /**
   * More names the server answers to, besides the address it listens on, `localhost`,
   * `127.0.0.1` and `[::1]`. A name takes the server's port (`'fake'` allows `Host: fake:4010`);
   * `name:port` allows that port (behind a port mapping). A request with any other `Host`, or
   * none, gets 421 Misdirected Request and is not read: a web page that points its own name at
   * 127.0.0.1 (DNS rebinding) cannot use the fake's key (random by default, but a seeded one is
   * well known). Default: none.
   *
   * @example
   * ```ts
   * // In a Docker Compose network, where the app reaches the fake as http://fake:4010.
   * await startFakeServer({ host: '0.0.0.0', port: 4010, allowedHosts: ['fake'] });
   * ```
   */
  allowedHosts?: readonly string[];
}

/** The fake's options with a random key unless a key or a seed (which derives one) was given. */
function withKey(options: FakeCreditPlatformOptions): FakeCreditPlatformOptions {
  if (options.apiKey !== undefined || options.seed !== undefined) return options;
  return { ...options, apiKey: `cpk_test_${randomBytes(20).toString('hex')}` };
}

/**
 * A running loopback server.
 *
 * @example
 * ```ts
 * const { baseUrl, apiKey, close } = await startFakeServer();
 * await fetch(`${baseUrl}/accounts/me`, { headers: { 'X-API-Key': apiKey } });
 * await close();
 * ```
 */
export interface FakeServer {
  /** Origin, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** The service base address, `${url}/api/v1`. */
  baseUrl: string;
  /** A key of the fake's default account with every permission: random unless a `seed` or `apiKey` was given. */
  apiKey: string;
  /** The fake behind the server, for `admin`, `faults` and the clock. */
  fake: FakeCreditPlatform;
  /** Stops listening, drops open connections and the fake's scheduled retries. */
  close(): Promise<void>;
}

/**
 * Serves a fake over real HTTP on `node:http` (Node-only). It answers only requests addressed to
 * one of its own names (`Host` of `localhost`, `127.0.0.1`, `[::1]` or its listening address,
 * with its port, plus {@link FakeServerOptions.allowedHosts}); any other gets 421 unread. Its
 * key is random unless a `seed` or an `apiKey` is given.
 *
 * @example
 * ```ts
 * import { startFakeServer } from 'credit-platform/testing';
 * import { CreditPlatform } from 'credit-platform';
 *
 * const server = await startFakeServer();
 * const client = new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl });
 * console.log(await client.accounts.me());
 * await server.close();
 * ```
 */
export async function startFakeServer(options: FakeServerOptions = {}): Promise<FakeServer> {
  const { port = 0, host = '127.0.0.1', fake: given, emitEndpoint = false, allowedHosts = [], ...fakeOptions } = options;
  // Checked before listening, so a bad name is a TypeError and not a server that refuses everyone.
  hostAllowList({ address: host, port }, host, allowedHosts);
  const fake = given ?? createFakeCreditPlatform(withKey(fakeOptions));
  // The URL as the fake delivers to it (createFakeCreditPlatform checked it); a given fake's
  // forward is not known here, only its deliveries are.
  const forward = given === undefined ? fakeOptions.forwardWebhooks : undefined;
  const forwardUrl = forward === undefined ? undefined : new URL(forward.url).href;
  const handle: FetchHandler = async (request, clientAddress) => {
    const path = emitEndpoint ? new URL(request.url).pathname : undefined;
    if (path === EMIT_PATH) return handleEmitRequest(fake, request);
    if (path === FORWARD_PATH) return handleForwardRequest(fake, request, forwardUrl);
    return fake.handle(request, { clientAddress });
  };
  // Without Host, node:http would answer 400 itself; the guard answers 421 with its reason.
  const server = createServer({ requireHostHeader: false });
  server.listen(port, host);
  await once(server, 'listening');
  // The port is known once listening; no request is read before this handler is attached.
  const address = server.address() as AddressInfo;
  const hosts = hostAllowList(address, host, allowedHosts);
  server.on('request', (req, res) => {
    if (!hosts.allows(req.headers.host)) {
      refuseMisdirected(res, hosts.reason);
      return;
    }
    serveNodeRequest(handle, req, res).catch(() => res.destroy());
  });
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${hostPart}:${address.port}`;
  return {
    url,
    baseUrl: `${url}/api/v1`,
    apiKey: fake.apiKey,
    fake,
    async close() {
      fake.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
