// Unknown client options are named at construction, with the closest known name.
import { describe, expect, it } from 'vitest';
import { ConfigurationError, CreditPlatform } from '../../../src/index.js';

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
