// Node's fetch goes through a forward proxy when the process turns its environment proxy on
// (NODE_USE_ENV_PROXY=1 or --use-env-proxy, with HTTPS_PROXY / HTTP_PROXY / NO_PROXY) or calls
// http.setGlobalProxyFromEnv(). The SDK adds nothing to that path; it only says so when the proxy
// is what failed, since "no response from the service" would send the reader to the wrong door.

import { addressOf } from '../../utils/url-address.js';

// undici's words when the proxy answers a CONNECT with anything but 200.
const TUNNEL_REFUSED = /Proxy response \((\d{3})\) !== 200 when HTTP Tunneling/;

/** The proxy this process's environment names for `scheme`, without credentials, and where it came from. */
function envProxy(scheme: 'http:' | 'https:'): { url: URL; variable: string } | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  if (env === undefined) return undefined;
  const names = scheme === 'https:' ? ['https_proxy', 'HTTPS_PROXY'] : ['http_proxy', 'HTTP_PROXY'];
  for (const variable of names) {
    const value = env[variable];
    if (value === undefined || value === '' || !URL.canParse(value)) continue;
    const url = new URL(value);
    url.username = '';
    url.password = '';
    return { url, variable };
  }
  return undefined;
}

function describe(proxy: { url: URL; variable: string } | undefined): string {
  return proxy === undefined ? 'the proxy' : `the proxy ${proxy.url.origin} (${proxy.variable})`;
}

/** Where a failure carries them: the code, address and port of the socket error, and undici's message. */
function details(error: unknown): { code?: string; address?: string; port?: number; message: string } {
  const found: { code?: string; address?: string; port?: number; message: string } = { message: '' };
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const { code, address, port, message } = current as { code?: unknown; address?: unknown; port?: unknown; message?: unknown };
    if (found.code === undefined && typeof code === 'string') found.code = code;
    if (found.address === undefined && typeof address === 'string') found.address = address;
    if (found.port === undefined && typeof port === 'number') found.port = port;
    if (typeof message === 'string') found.message += ` ${message}`;
    current = (current as { cause?: unknown }).cause;
  }
  return found;
}

/**
 * When a failed attempt was the proxy's doing, what to tell the reader instead of "no response
 * from <service>": the proxy refused to open a tunnel (its status), or could not be reached at
 * all. `undefined` when nothing points at a proxy. Never quotes the proxy's credentials.
 */
export function proxyFailure(error: unknown, target: URL): string | undefined {
  const found = details(error);
  const proxy = envProxy(target.protocol === 'http:' ? 'http:' : 'https:');
  const refused = TUNNEL_REFUSED.exec(found.message);
  if (refused) {
    return `${describe(proxy)} refused to open a tunnel to ${target.host} (it answered ${refused[1]}); check that the proxy allows CONNECT to this host and port, and its credentials`;
  }
  if (proxy === undefined || found.code === undefined || found.port === undefined) return undefined;
  const { address: proxyHost, port: proxyPort } = addressOf(proxy.url);
  // A proxy named `localhost` may be reached at 127.0.0.1 or ::1: its port alone tells.
  if (found.port !== proxyPort || (found.address !== undefined && found.address !== proxyHost && proxyHost !== 'localhost')) {
    return undefined;
  }
  return `${describe(proxy)} could not be reached (${found.code}); check that it is running, or list ${target.hostname} in NO_PROXY`;
}
