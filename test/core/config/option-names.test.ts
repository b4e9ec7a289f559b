import { describe, expect, it } from 'vitest';
import * as sdk from '../../../src/index.js';
import { ConfigurationError, CreditPlatform, NotFoundError } from '../../../src/index.js';
import { startFakeServer } from '../../../src/testing/index.js';
import { captureError } from '../../helpers/capture.js';

const KEY = 'cp_test_construction';

function constructionError(options: unknown): ConfigurationError {
  try {
    new CreditPlatform(options as ConstructorParameters<typeof CreditPlatform>[0]);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error(`constructed with ${JSON.stringify(options)}`);
}

describe('unknown options are named at construction', () => {
  it.each([
    ['baseURL', 'baseUrl'],
    ['tiemout', 'timeout'],
    ['apikey', 'apiKey'],
    ['maxRetry', 'maxRetries'],
    ['validateResponse', 'validateResponses'],
  ])('%s -> did you mean %s', (given, closest) => {
    const error = constructionError({ apiKey: KEY, baseUrl: 'https://api.example.com/api/v1', [given]: 1 });
    expect(error.option).toBe(given);
    expect(error.message).toBe(
      `Unknown client option \`${given}\`: did you mean \`${closest}\`? Known options: apiKey, baseUrl, timeout, maxRetries, maxRateLimitWait, fetch, defaultHeaders, validateResponses, logger, logLevel, middleware, totalTimeout, maxResponseBytes, dangerouslyAllowBrowser, pacing.`,
    );
  });

  it('names no option when none is close', () => {
    const error = constructionError({ apiKey: KEY, baseUrl: 'https://api.example.com/api/v1', colour: 'blue' });
    expect(error.message).toMatch(/^Unknown client option `colour`\. Known options: apiKey, /);
  });

  it('accepts the options other parts of the SDK add (middleware, timeouts, pacing)', () => {
    // They are read by their own features; here only the name check must let them through.
    for (const name of ['middleware', 'totalTimeout', 'dangerouslyAllowBrowser', 'pacing', 'logger', 'logLevel']) {
      const value = name === 'logger' ? console : name === 'logLevel' ? 'warn' : undefined;
      expect(() => new CreditPlatform({ apiKey: KEY, baseUrl: 'https://api.example.com/api/v1', [name]: value })).not.toThrow();
    }
  });

  it('checks withOptions overrides too, and refuses a non-object', () => {
    const client = new CreditPlatform({ apiKey: KEY, baseUrl: 'https://api.example.com/api/v1' });
    expect(() => client.withOptions({ maxretries: 1 } as never)).toThrow(/did you mean `maxRetries`/);
    expect(constructionError(null).option).toBe('options');
    expect(constructionError('https://api.example.com/api/v1').message).toMatch(/takes an object of options/);
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
    const error = constructionError({ apiKey: KEY, baseUrl });
    expect(error.option).toBe('baseUrl');
    expect(error.message).toContain(`\`baseUrl\` ${what}: the API lives under /api/v1. Use "${corrected}"`);
  });

  it.each([
    'https://api.example.com/api/v1',
    'https://api.example.com/api/v1/',
    'https://gw.example.com/credit',
    'https://gw.example.com/proxy/api/v1',
  ])('allows %s (the API path or a proxy prefix)', (baseUrl) => {
    expect(() => new CreditPlatform({ apiKey: KEY, baseUrl })).not.toThrow();
  });

  it("catches the fake server's origin passed as the base URL, and the corrected one works", async () => {
    const server = await startFakeServer({ transactions: 0 });
    try {
      const error = constructionError({ apiKey: server.apiKey, baseUrl: server.url });
      expect(error.message).toContain(`Use "${server.baseUrl}"`);
      const me = await new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl }).accounts.me();
      expect(me.id).toMatch(/^acc_/);
    } finally {
      await server.close();
    }
  });
});

describe('errors that read well', () => {
  it('starts API error messages with the status', async () => {
    const server = await startFakeServer({ transactions: 0 });
    try {
      const client = new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl, maxRetries: 0 });
      const error = await captureError(client.deposits.retrieve('dep_missing'));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.message).toMatch(/^404 \S/);
      expect(String(error)).toMatch(/^NotFoundError: 404 /);
    } finally {
      await server.close();
    }
  });

  it('has every exported error class as a static of CreditPlatform, the very same class', () => {
    // The webhooks entry's errors (WebhookVerificationError, WebhookDedupStoreFullError) belong to the
    // receivers, which never load the client, so they are not statics of it.
    const names = Object.keys(sdk).filter((name) => /Error$/.test(name) && !name.startsWith('Webhook'));
    expect(names.length).toBeGreaterThanOrEqual(16);
    for (const name of names) {
      expect((CreditPlatform as unknown as Record<string, unknown>)[name], name).toBe((sdk as Record<string, unknown>)[name]);
    }
    expect(CreditPlatform.NotFoundError).toBe(NotFoundError);
  });
});
