import { ConfigurationError } from '../../errors/index.js';
import type { LevelledLogger } from './logger.js';

const API_PATH = '/api/v1';

/**
 * Checks the base URL and returns it with the trailing slash ky's relative paths need. Every
 * message that quotes it leaves out anything that may be a user name or password: credentials
 * are refused outright (the SDK authenticates with the API key, and a password in the URL would
 * show in `toJSON()`, in errors and in logs), and text that cannot be parsed is shown with
 * everything before its last `@` hidden.
 */
export function checkBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigurationError(
      'baseUrl',
      `\`baseUrl\` must be an absolute http(s) URL such as https://api.example.com/api/v1; got "${withoutUserInfo(raw)}".`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    // Without `//`, `alice:pw@host` parses with the scheme `alice:`: not quoted when `@` is there.
    const got = raw.includes('@') ? 'another scheme' : `"${url.protocol}"`;
    throw new ConfigurationError('baseUrl', `\`baseUrl\` must use http or https; got ${got}.`);
  }
  if (url.username || url.password) {
    throw new ConfigurationError(
      'baseUrl',
      `\`baseUrl\` must not carry a user name or password: the SDK authenticates with the API key, and credentials in the URL would show in logs and errors. Use "${url.protocol}//${url.host}${url.pathname}" (shown without them).`,
    );
  }
  if (url.search || url.hash) {
    throw new ConfigurationError('baseUrl', '`baseUrl` must not carry a query string or fragment.');
  }
  checkBasePath(url);
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

// `https://user:pw@host/x` shows as `https://***@host/x`. Up to the LAST `@`, since a password
// may hold `@` or `/` itself; a path with an `@` loses more than it needs to, in an error only.
function withoutUserInfo(raw: string): string {
  const at = raw.lastIndexOf('@');
  if (at === -1) return raw;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(raw)?.[0] ?? '';
  return `${scheme}***${raw.slice(at)}`;
}

/**
 * A base URL with no path, or with /api/v1 twice, would fail only at the first call, with a
 * 404. Any other path is allowed: a proxy may serve the API under its own prefix.
 */
function checkBasePath(url: URL): void {
  const path = url.pathname.replace(/\/+$/, '');
  const fixed = path === '' ? API_PATH : path.replace(`${API_PATH}${API_PATH}`, API_PATH);
  if (fixed === path) return;
  const what = path === '' ? 'has no path' : `repeats ${API_PATH}`;
  throw new ConfigurationError(
    'baseUrl',
    `\`baseUrl\` ${what}: the API lives under ${API_PATH}. Use "${url.origin}${fixed}" (got "${url.origin}${url.pathname}").`,
  );
}

/**
 * Plain `http://` is fine on this machine (the fake, a local proxy) and a mistake anywhere else:
 * the key and every body would cross the network in cleartext. Not refused (a private network
 * may have its reasons), but said once, at construction, through the client's logger.
 */
export function warnIfCleartext(baseUrl: string, log: LevelledLogger): void {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' || isLoopback(url.hostname)) return;
  log.warn?.(
    `credit-platform: baseUrl uses plain http:// to ${url.host}, which is not this machine: the API key and every request and response cross the network unencrypted (cleartext). Use https:// unless the network in between is yours.`,
  );
}

// The names that always mean this machine: localhost, 127.0.0.0/8, ::1. The URL parser has
// already lower-cased the name and normalised IPv4 (`127.1` is `127.0.0.1`) and IPv6 forms.
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}
