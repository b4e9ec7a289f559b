import { describe, expect, it } from 'vitest';
import { addressOf } from '../../src/utils/url-address.js';

describe('addressOf', () => {
  it("is a URL's host name without an IPv6 address's brackets, and its port or the scheme's default", () => {
    expect(addressOf(new URL('https://api.example.com/api/v1/'))).toEqual({ address: 'api.example.com', port: 443 });
    expect(addressOf(new URL('http://api.example.com/api/v1/'))).toEqual({ address: 'api.example.com', port: 80 });
    expect(addressOf(new URL('http://[::1]:8080/api/v1/'))).toEqual({ address: '::1', port: 8080 });
    expect(addressOf(new URL('https://127.0.0.1:8443'))).toEqual({ address: '127.0.0.1', port: 8443 });
  });
});
