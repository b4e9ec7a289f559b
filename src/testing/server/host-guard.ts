// The names a fake server answers to. A web page whose host name an attacker's DNS points at
// 127.0.0.1 (DNS rebinding) reaches the fake as same-origin, but its requests still carry the
// attacker's name in `Host`; answering only the fake's own names takes that page's reach away.
import type { ServerResponse } from 'node:http';

/** The loopback names every fake server answers to, with its port. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The name of a `host[:port]` authority (a DNS name or an IPv4 address, or IPv6 in brackets),
 * lower-cased, and its port ('' when absent); both '' when it is neither.
 */
function splitAuthority(authority: string): { name: string; port: string } {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::(\d{1,5}))?$/i.exec(authority);
  if (!match) return { name: '', port: '' };
  return { name: (match[1] as string).toLowerCase(), port: match[2] ?? '' };
}

/** A listening address as it appears in a `Host` header: IPv6 in brackets. */
function asHostName(address: string): string {
  return (address.includes(':') ? `[${address}]` : address).toLowerCase();
}

/** Which `Host` headers a fake server answers, and the line it refuses the others with. */
export interface HostAllowList {
  /** Whether a request's `Host` header (undefined when it has none) names this fake. */
  allows(host: string | undefined): boolean;
  /** The one-line reason a refused request is answered with. */
  reason: string;
}

/**
 * The names of one fake server: the address it listens on, the `host` it was asked to listen
 * on, `localhost`, `127.0.0.1` and `[::1]`, each with the fake's port, and the `allowedHosts`
 * the user added (a name takes the fake's port; `name:port`, that port).
 */
export function hostAllowList(
  listening: { address: string; port: number },
  requestedHost: string,
  allowedHosts: readonly string[],
): HostAllowList {
  const ownPort = String(listening.port);
  const allowed = new Set<string>();
  for (const name of [...LOOPBACK_NAMES, asHostName(listening.address), asHostName(requestedHost)]) {
    allowed.add(`${name}:${ownPort}`);
  }
  for (const entry of allowedHosts) {
    const { name, port } = splitAuthority(entry.trim());
    if (name === '') throw new TypeError(`allowedHosts: "${entry}" is not a host name; write 'fake' or 'fake:4010'.`);
    allowed.add(`${name}:${port === '' ? ownPort : port}`);
  }
  return {
    allows(host) {
      const { name, port } = splitAuthority(host ?? '');
      // No port in `Host` means the scheme's default, 80 for the fake's plain HTTP.
      return name !== '' && allowed.has(`${name}:${port === '' ? '80' : port}`);
    },
    reason:
      `This fake answers only requests whose Host is ${[...allowed].join(', ')} ` +
      '(a guard against DNS rebinding); name others in the allowedHosts option.',
  };
}

/**
 * Answers a request for another name with 421 and the error envelope, without reading its body:
 * the connection closes after the answer, so no route, event or delivery sees any of it.
 */
export function refuseMisdirected(res: ServerResponse, reason: string): void {
  const body = JSON.stringify({
    success: false,
    data: null,
    message: reason,
    errors: [{ field: 'Host', code: 'MISDIRECTED_REQUEST', message: reason }],
  });
  // `connection: close` makes node:http end the connection after the answer.
  res.writeHead(421, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
  res.end(body);
}
