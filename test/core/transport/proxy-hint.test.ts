import { afterEach, describe, expect, it, vi } from 'vitest';
import { proxyFailure } from '../../../src/core/transport/proxy-hint.js';

const target = new URL('https://api.example.com/api/v1/');
const refusedBy = (port: number, address = '127.0.0.1') =>
  new TypeError('fetch failed', {
    cause: Object.assign(new Error(`connect ECONNREFUSED ${address}:${port}`), { code: 'ECONNREFUSED', address, port }),
  });
const tunnelRefused = (status: number) =>
  new TypeError('fetch failed', {
    cause: new Error('Request was cancelled.', {
      cause: Object.assign(new Error(`Proxy response (${status}) !== 200 when HTTP Tunneling`), { code: 'UND_ERR_ABORTED' }),
    }),
  });

afterEach(() => {
  vi.unstubAllEnvs();
});

function proxyEnv(values: Record<string, string>): void {
  for (const name of ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY']) vi.stubEnv(name, values[name] ?? '');
}

describe('proxyFailure', () => {
  it('names the proxy of HTTPS_PROXY that refused a tunnel, with its status', () => {
    proxyEnv({ HTTPS_PROXY: 'http://egress.internal:3128' });
    expect(proxyFailure(tunnelRefused(407), target)).toBe(
      'the proxy http://egress.internal:3128 (HTTPS_PROXY) refused to open a tunnel to api.example.com (it answered 407); check that the proxy allows CONNECT to this host and port, and its credentials',
    );
  });

  it('says "the proxy" for a refused tunnel when the environment names none (a proxy set in code)', () => {
    proxyEnv({});
    expect(proxyFailure(tunnelRefused(403), target)).toMatch(
      /^the proxy refused to open a tunnel to api\.example\.com \(it answered 403\)/,
    );
  });

  it('prefers the lower-case variable, as Node does, and never quotes credentials', () => {
    proxyEnv({ https_proxy: 'http://user:s3cret-pw@10.0.0.1:8080', HTTPS_PROXY: 'http://other:9' });
    const message = proxyFailure(refusedBy(8080, '10.0.0.1'), target);
    expect(message).toBe(
      'the proxy http://10.0.0.1:8080 (https_proxy) could not be reached (ECONNREFUSED); check that it is running, or list api.example.com in NO_PROXY',
    );
    expect(message).not.toContain('s3cret');
  });

  it('reads HTTP_PROXY for an http:// service, and the scheme default port', () => {
    proxyEnv({ HTTP_PROXY: 'http://127.0.0.1', HTTPS_PROXY: 'http://127.0.0.1:3128' });
    expect(proxyFailure(refusedBy(80), new URL('http://localhost:8080/api/v1/'))).toContain(
      'the proxy http://127.0.0.1 (HTTP_PROXY) could not be reached',
    );
    expect(proxyFailure(refusedBy(3128), new URL('http://localhost:8080/api/v1/'))).toBeUndefined();
  });

  it('a proxy named as localhost matches whatever address it resolved to', () => {
    proxyEnv({ HTTPS_PROXY: 'http://localhost:3128' });
    expect(proxyFailure(refusedBy(3128, '::1'), target)).toContain('the proxy http://localhost:3128 (HTTPS_PROXY)');
  });

  it('is silent when the failure is not the proxy: another port or address, no code, no proxy, an unusable variable', () => {
    proxyEnv({ HTTPS_PROXY: 'http://127.0.0.1:3128' });
    expect(proxyFailure(refusedBy(443), target)).toBeUndefined();
    expect(proxyFailure(refusedBy(3128, '192.0.2.1'), target)).toBeUndefined();
    expect(proxyFailure(new TypeError('fetch failed', { cause: { port: 3128, address: '127.0.0.1' } }), target)).toBeUndefined();
    expect(
      proxyFailure(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED', address: '127.0.0.1' } }), target),
    ).toBeUndefined();
    proxyEnv({ HTTPS_PROXY: 'not a url' });
    expect(proxyFailure(refusedBy(3128), target)).toBeUndefined();
    proxyEnv({});
    expect(proxyFailure(refusedBy(3128), target)).toBeUndefined();
  });
});
