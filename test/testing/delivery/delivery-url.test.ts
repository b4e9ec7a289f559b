import { describe, expect, it } from 'vitest';
import { checkDeliveryUrl, isLoopbackHost } from '../../../src/testing/delivery/delivery-url.js';

const LABEL = 'forwardWebhooks.url';

/** The TypeError `checkDeliveryUrl` throws for `value`, or undefined when it accepts it. */
function refusal(value: unknown): TypeError | undefined {
  try {
    checkDeliveryUrl(value as string, LABEL);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return error as TypeError;
  }
}

describe('isLoopbackHost', () => {
  it('names this machine only: localhost, 127.0.0.0/8 and [::1]', () => {
    for (const host of ['localhost', '127.0.0.1', '127.255.0.9', '127.1.2.3', '[::1]']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of [
      '10.1.2.3',
      '128.0.0.1',
      '0.0.0.0',
      '[::2]',
      '[::]',
      'localhost.example.test',
      '127.0.0.1.nip.io',
      'x127.0.0.1',
      '127.0.0',
      '127.0.0.1234',
      'example.test',
      '',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

describe('checkDeliveryUrl', () => {
  it('accepts https:// anywhere and http:// on loopback, returning the parsed URL', () => {
    for (const value of [
      'https://hooks.example.test/credit?token=abc',
      'https://10.1.2.3/hooks',
      'http://localhost:3000/webhooks',
      'http://127.0.0.1:8080/',
      'http://127.9.9.9/x',
      'http://[::1]:3000/webhooks',
      'http://2130706433/', // 127.0.0.1 spelt as one number: the URL parser normalises it
    ]) {
      const url = checkDeliveryUrl(value, LABEL);
      expect(url, value).toBeInstanceOf(URL);
      expect(url.href).toBe(new URL(value).href);
    }
  });

  it('refuses plain http:// across a network, naming the origin only (a path or query may hold a token)', () => {
    for (const value of [
      'http://10.1.2.3/hooks?token=s3cr3t',
      'http://hooks.example.test/t0ken',
      'http://localhost.example.test/',
    ]) {
      const error = refusal(value);
      expect(error?.message, value).toMatch(/^forwardWebhooks\.url may use http:\/\/ only on this machine/);
      expect(error?.message).toContain(new URL(value).origin);
      expect(error?.message).not.toMatch(/s3cr3t|t0ken/);
    }
  });

  it('refuses any other scheme', () => {
    for (const value of [
      'ftp://hooks.example.test/',
      'ws://localhost:3000/',
      'file:///etc/passwd',
      'mailto:a@example.test',
      'localhost:3000',
    ]) {
      expect(refusal(value)?.message, value).toMatch(/must be an http:\/\/ or https:\/\/ URL/);
    }
  });

  it('refuses a user name or a password in the URL, and never repeats them', () => {
    for (const value of [
      'https://alice:pa55word@hooks.example.test/',
      'https://alice@hooks.example.test/',
      'https://:pa55word@hooks.example.test/',
      'http://alice:pa55word@localhost:3000/',
    ]) {
      const error = refusal(value);
      expect(error?.message, value).toMatch(/must not carry a user name or password/);
      expect(error?.message).not.toMatch(/alice|pa55word/);
    }
  });

  it('refuses what is not an absolute URL string, naming the option', () => {
    for (const value of ['', '/webhooks', 'not a url', 3000, undefined, null, new URL('https://hooks.example.test/')]) {
      expect(refusal(value)?.message, String(value)).toBe(
        'forwardWebhooks.url must be an absolute URL such as http://localhost:3000/webhooks.',
      );
    }
  });
});
