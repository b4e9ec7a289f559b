// The CommonJS build's transport (tsup.config.ts swaps it in for lazy-transport.ts): the core is
// built with the client, and it checks the key and headers then, as the lazy one does.
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../src/core/config/resolve-options.js';
import { createTransport } from '../../../src/core/transport/lazy-transport.js';
import { HttpCore } from '../../../src/core/transport/http-core.js';
import { ConfigurationError } from '../../../src/index.js';
import { API_KEY, BASE_URL } from '../../helpers/msw.js';

describe('eager transport', () => {
  it('is the core itself, built at once', async () => {
    const transport = createTransport(resolveOptions({ apiKey: API_KEY, baseUrl: BASE_URL }));
    expect(transport).toBeInstanceOf(HttpCore);
    expect(transport.rateLimitHeaders).toEqual([]);
    expect(await transport.pacingState()).toBeUndefined();
  });

  it('refuses a malformed key when it is built', () => {
    expect(() => createTransport(resolveOptions({ apiKey: 'cp test key', baseUrl: BASE_URL }))).toThrow(ConfigurationError);
  });
});
