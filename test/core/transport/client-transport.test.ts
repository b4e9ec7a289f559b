// The client's transport (client-transport.ts) is the HTTP core itself, in both builds: built with
// the client, it checks the key and headers then; only ky waits for the first request (load-ky.ts).
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../src/core/config/resolve-options.js';
import { createTransport } from '../../../src/core/transport/client-transport.js';
import { HttpCore } from '../../../src/core/transport/http-core.js';
import { ConfigurationError } from '../../../src/index.js';
import { API_KEY, BASE_URL } from '../../helpers/msw.js';

describe('client transport', () => {
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
