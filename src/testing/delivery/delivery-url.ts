// Where a signed delivery may be sent from a developer's machine: the rule shared by the fake's
// `forwardWebhooks` and the `credit-platform` command (`--to`, `--forward-to`).

const LOOPBACK_V4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** Whether `hostname` (as `URL.hostname` spells it) names this machine. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || LOOPBACK_V4.test(hostname);
}

/**
 * Checks an endpoint URL for webhook deliveries and returns it parsed: `https://` anywhere, or
 * `http://` on loopback only (`localhost`, `127.0.0.0/8`, `[::1]`). A plain-HTTP delivery across
 * a network can be read on the way and replayed, and the service itself delivers only over
 * HTTPS, so a non-loopback `http://` URL is refused rather than warned about. The message names
 * the URL's origin only: a path or query may hold a token.
 */
export function checkDeliveryUrl(value: string, label: string): URL {
  if (typeof value !== 'string' || !URL.canParse(value)) {
    throw new TypeError(`${label} must be an absolute URL such as http://localhost:3000/webhooks.`);
  }
  const url = new URL(value);
  if (url.username !== '' || url.password !== '') {
    throw new TypeError(`${label} must not carry a user name or password; got a URL for ${url.host}.`);
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol !== 'http:') {
    throw new TypeError(`${label} must be an http:// or https:// URL; got a ${url.protocol} URL.`);
  }
  if (isLoopbackHost(url.hostname)) return url;
  throw new TypeError(
    `${label} may use http:// only on this machine (localhost, 127.0.0.1, [::1]); got ${url.origin}. ` +
      'A delivery sent in clear across a network can be read and replayed, and the service delivers only over https://: ' +
      'use an https:// URL (e.g. a tunnel to your endpoint).',
  );
}
