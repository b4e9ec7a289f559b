import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError, CreditPlatform, type Logger } from '../../../src/index.js';
import { startFakeServer } from '../../../src/testing/index.js';
import { API_KEY } from '../../helpers/msw.js';

const USER = 'alice_user';
const PASSWORD = 's3cr3t_pw';

function constructionError(baseUrl: string): ConfigurationError {
  try {
    new CreditPlatform({ apiKey: API_KEY, baseUrl });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error(`constructed with ${baseUrl}`);
}

/** A logger that keeps its lines, by level. */
function logger(): Logger & { lines: Record<string, string[]> } {
  const lines: Record<string, string[]> = { debug: [], info: [], warn: [], error: [] };
  const at = (level: string) => (message: string) => void lines[level]?.push(message);
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('a baseUrl with credentials', () => {
  it.each([
    ['user and password', `https://${USER}:${PASSWORD}@api.example.com/api/v1`],
    ['a user only', `https://${USER}@api.example.com/api/v1`],
    ['a password only', `https://:${PASSWORD}@api.example.com/api/v1`],
    ['credentials and no path', `https://${USER}:${PASSWORD}@api.example.com`],
    ['credentials on plain http', `http://${USER}:${PASSWORD}@api.example.com/api/v1`],
  ])('(%s) is a ConfigurationError that does not echo them', (_, baseUrl) => {
    const error = constructionError(baseUrl);
    expect(error.option).toBe('baseUrl');
    expect(error.message).toMatch(/user name or password/);
    for (const text of [error.message, JSON.stringify(error), String(error.stack)]) {
      expect(text).not.toContain(USER);
      expect(text).not.toContain(PASSWORD);
    }
    expect(error.message).toContain('api.example.com');
  });

  it('is refused from CREDIT_PLATFORM_BASE_URL too', () => {
    vi.stubEnv('CREDIT_PLATFORM_BASE_URL', `https://${USER}:${PASSWORD}@api.example.com/api/v1`);
    let error: unknown;
    try {
      new CreditPlatform({ apiKey: API_KEY });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).not.toContain(PASSWORD);
  });

  it.each([
    ['no scheme', `${USER}:${PASSWORD}@api.example.com/api/v1`],
    ['no host', `https://${USER}:${PASSWORD}@`],
    ['a slash in the password', `https://${USER}:${PASSWORD}/x@api.example.com/api/v1`],
    ['another scheme', `ftp://${USER}:${PASSWORD}@api.example.com/api/v1`],
  ])('that cannot be parsed or used (%s) is refused without echoing them either', (_, baseUrl) => {
    const error = constructionError(baseUrl);
    expect(error.message).not.toContain(USER);
    expect(error.message).not.toContain(PASSWORD);
  });
});

describe('plain http:// to a host that is not loopback', () => {
  it.each([
    'http://api.example.com/api/v1',
    'http://10.0.0.8:8080/api/v1',
    'http://128.0.0.1/api/v1',
    'http://localhost.example.com/api/v1',
  ])('%s logs exactly one warn at construction', (baseUrl) => {
    const log = logger();
    new CreditPlatform({ apiKey: API_KEY, baseUrl, logger: log, logLevel: 'warn' });
    expect(log.lines.warn).toHaveLength(1);
    const message = log.lines.warn?.[0] ?? '';
    expect(message).toMatch(/http:\/\//);
    expect(message).toMatch(/cleartext|unencrypted/);
    expect(message).toContain(new URL(baseUrl).host);
    expect(message).not.toContain(API_KEY);
  });

  it.each([
    'http://localhost:4010/api/v1',
    'http://LOCALHOST/api/v1',
    'http://127.0.0.1:4010/api/v1',
    'http://127.8.9.10/api/v1',
    'http://[::1]:4010/api/v1',
    'https://api.example.com/api/v1',
  ])('%s stays silent', (baseUrl) => {
    const log = logger();
    new CreditPlatform({ apiKey: API_KEY, baseUrl, logger: log, logLevel: 'debug' });
    expect(log.lines).toEqual({ debug: [], info: [], warn: [], error: [] });
  });
});

describe('base URL paths', () => {
  it.each([
    ['https://api.example.com', 'has no path', 'https://api.example.com/api/v1'],
    ['https://api.example.com/', 'has no path', 'https://api.example.com/api/v1'],
    ['http://127.0.0.1:4010', 'has no path', 'http://127.0.0.1:4010/api/v1'],
    ['https://api.example.com/api/v1/api/v1', 'repeats /api/v1', 'https://api.example.com/api/v1'],
    ['https://api.example.com/api/v1/api/v1/', 'repeats /api/v1', 'https://api.example.com/api/v1'],
    ['https://gw.example.com/proxy/api/v1/api/v1', 'repeats /api/v1', 'https://gw.example.com/proxy/api/v1'],
  ])('%s %s: the error shows %s', (baseUrl, what, corrected) => {
    const error = constructionError(baseUrl);
    expect(error.option).toBe('baseUrl');
    expect(error.message).toContain(`\`baseUrl\` ${what}: the API lives under /api/v1. Use "${corrected}"`);
  });

  it.each([
    'https://api.example.com/api/v1',
    'https://api.example.com/api/v1/',
    'https://gw.example.com/credit',
    'https://gw.example.com/proxy/api/v1',
  ])('allows %s (the API path or a proxy prefix)', (baseUrl) => {
    expect(() => new CreditPlatform({ apiKey: API_KEY, baseUrl })).not.toThrow();
  });

  it("catches the fake server's origin passed as the base URL, and the corrected one works", async () => {
    const server = await startFakeServer({ transactions: 0 });
    try {
      const error = constructionError(server.url);
      expect(error.message).toContain(`Use "${server.baseUrl}"`);
      const me = await new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl }).accounts.me();
      expect(me.id).toMatch(/^acc_/);
    } finally {
      await server.close();
    }
  });
});
