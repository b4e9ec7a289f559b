// The browser guard: where `window` and `document` both exist, the client refuses to be built
// (the key would ship to every visitor) unless `dangerouslyAllowBrowser` says it is meant.
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationError, CreditPlatform } from '../../../src/index.js';
import { API_KEY } from '../../helpers/msw.js';

const at = (baseUrl: string, options: ConstructorParameters<typeof CreditPlatform>[0] = {}) =>
  new CreditPlatform({ apiKey: API_KEY, baseUrl, logLevel: 'off', ...options });

describe('browser guard', () => {
  const g = globalThis as { window?: unknown; document?: unknown };
  afterEach(() => {
    delete g.window;
    delete g.document;
  });

  it('refuses construction where window and document exist, unless dangerouslyAllowBrowser', () => {
    g.window = {};
    g.document = {};
    const error = (() => {
      try {
        at('https://api.example.test/api/v1');
      } catch (caught) {
        return caught as ConfigurationError;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error?.option).toBe('dangerouslyAllowBrowser');
    expect(() => at('https://api.example.test/api/v1', { dangerouslyAllowBrowser: true })).not.toThrow();
  });

  it('a server with only one of them (a DOM shim) is not a browser', () => {
    g.document = {};
    expect(() => at('https://api.example.test/api/v1')).not.toThrow();
  });
});
