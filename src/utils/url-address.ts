// Leaf helper: imports nothing, so the HTTP core and the proxy hint share it.

/**
 * Where a URL connects to: its host name, without the brackets an IPv6 address keeps in a URL
 * (a socket error and a trace's `server.address` name it without them), and its port, the
 * scheme's default when the URL names none.
 */
export function addressOf(url: URL): { address: string; port: number } {
  // Stryker disable next-line Regex: a host name holds brackets only around a whole IPv6 address, so the anchors cannot change a match.
  const address = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return { address, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)) };
}
