// The SDK behind a real forward proxy (squid on loopback): Node's own environment proxy support
// (NODE_USE_ENV_PROXY=1 with HTTPS_PROXY / HTTP_PROXY / NO_PROXY), the in-code recipe
// (http.setGlobalProxyFromEnv), and the error that names the proxy when it is what failed.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/redis-server.js';
import { type SquidProxy, startSquid } from '../helpers/squid-proxy.js';
import { useSystemPrograms } from '../helpers/system-programs.js';

const programs = useSystemPrograms('Forward proxy', ['squid', 'openssl']);
const MAIN = fileURLToPath(new URL('../helpers/proxy-client-main.ts', import.meta.url));
const KEY = 'cp_test_proxy_KEY_4d3c2b1a';
const run = promisify(execFile);

let dir = '';
let proxy: SquidProxy;
let denying: SquidProxy;
const keysSeen: (string | undefined)[] = [];
const servers: http.Server[] = [];
let httpsBase = '';
let httpBase = '';

function answer(request: http.IncomingMessage, response: http.ServerResponse): void {
  keysSeen.push(request.headers['x-api-key'] as string | undefined);
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify({ success: true, data: { id: 'acc_proxied' }, message: 'ok', errors: [] }));
}

async function listen(server: http.Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  if (!programs.available) return;
  dir = mkdtempSync(join(tmpdir(), 'cp-proxy-test-'));
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
  ]);
  const tls = { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  httpsBase = `https://127.0.0.1:${await listen(https.createServer(tls, answer))}/api/v1/`;
  httpBase = `http://127.0.0.1:${await listen(http.createServer(answer))}/api/v1/`;
  [proxy, denying] = await Promise.all([startSquid(), startSquid({ deny: true })]);
}, 60_000);

afterAll(async () => {
  for (const server of servers) server.close();
  await Promise.all([proxy?.close(), denying?.close()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** One SDK call in a child process with exactly these proxy variables; its printed result. */
async function callWith(
  baseUrl: string,
  env: Record<string, string>,
): Promise<{ id?: string; error?: string; message?: string }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(https?_proxy|no_proxy|node_use_env_proxy)$/i.test(name)),
  );
  const { stdout } = await run(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...clean, ...env, BASE_URL: baseUrl, CREDIT_PLATFORM_API_KEY: KEY, NODE_EXTRA_CA_CERTS: join(dir, 'cert.pem') },
    timeout: 30_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) as string);
}

const tunnelsTo = (log: string, base: string) =>
  log.split('\n').filter((line) => line.includes(`CONNECT ${new URL(base).host}`)).length;

describe('behind a forward proxy', () => {
  it('HTTPS goes through a CONNECT tunnel: the service sees the key, the proxy log never does', async () => {
    keysSeen.length = 0;
    const result = await callWith(httpsBase, { NODE_USE_ENV_PROXY: '1', HTTPS_PROXY: proxy.url });
    expect(result).toEqual({ id: 'acc_proxied' });
    expect(keysSeen).toEqual([KEY]);
    expect(tunnelsTo(proxy.accessLog(), httpsBase)).toBe(1);
    expect(proxy.accessLog()).not.toContain(KEY);
  });

  it('plain HTTP goes through HTTP_PROXY, and the key stays out of its log', async () => {
    keysSeen.length = 0;
    const result = await callWith(httpBase, { NODE_USE_ENV_PROXY: '1', HTTP_PROXY: proxy.url });
    expect(result).toEqual({ id: 'acc_proxied' });
    expect(keysSeen).toEqual([KEY]);
    expect(proxy.accessLog()).toContain(new URL(httpBase).host);
    expect(proxy.accessLog()).not.toContain(KEY);
  });

  it('NO_PROXY sends the call direct: the proxy sees nothing', async () => {
    const before = tunnelsTo(proxy.accessLog(), httpsBase);
    const result = await callWith(httpsBase, { NODE_USE_ENV_PROXY: '1', HTTPS_PROXY: proxy.url, NO_PROXY: '127.0.0.1' });
    expect(result).toEqual({ id: 'acc_proxied' });
    expect(tunnelsTo(proxy.accessLog(), httpsBase)).toBe(before);
  });

  // http.setGlobalProxyFromEnv is Node 24's (the recipe says so); the runtime matrix runs this suite on Node 22 too.
  it.runIf(typeof (http as { setGlobalProxyFromEnv?: unknown }).setGlobalProxyFromEnv === 'function')(
    'the in-code recipe (http.setGlobalProxyFromEnv) uses the proxy too',
    async () => {
      const before = tunnelsTo(proxy.accessLog(), httpsBase);
      const result = await callWith(httpsBase, { EXPLICIT_PROXY: proxy.url });
      expect(result).toEqual({ id: 'acc_proxied' });
      expect(tunnelsTo(proxy.accessLog(), httpsBase)).toBe(before + 1);
    },
  );

  it('a proxy that refuses the tunnel is named in the error, with its answer', async () => {
    const result = await callWith(httpsBase, { NODE_USE_ENV_PROXY: '1', HTTPS_PROXY: denying.url });
    expect(result.error).toBe('APIConnectionError');
    expect(result.message).toBe(
      `GET /accounts/me got no response: the proxy ${denying.url} (HTTPS_PROXY) refused to open a tunnel to ${new URL(httpsBase).host} (it answered 403); check that the proxy allows CONNECT to this host and port, and its credentials (1 attempt; not retried: 1 attempts made (maxRetries 0)).`,
    );
  });

  it('a proxy that cannot be reached is named in the error, without its credentials', async () => {
    const port = await freePort();
    const result = await callWith(httpsBase, {
      NODE_USE_ENV_PROXY: '1',
      HTTPS_PROXY: `http://proxyuser:proxy-PASSWORD-9@127.0.0.1:${port}`,
    });
    expect(result.error).toBe('APIConnectionError');
    expect(result.message).toBe(
      `GET /accounts/me got no response: the proxy http://127.0.0.1:${port} (HTTPS_PROXY) could not be reached (ECONNREFUSED); check that it is running, or list 127.0.0.1 in NO_PROXY (1 attempt; not retried: 1 attempts made (maxRetries 0)).`,
    );
    expect(result.message).not.toContain('proxy-PASSWORD-9');
  });
});
