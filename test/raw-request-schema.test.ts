import { z as classic } from 'zod';
import * as mini from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { InvalidResponseError } from '../src/index.js';
import { captureError } from './helpers/capture.js';
import { client, http, ok, url, useMswServer } from './helpers/msw.js';

// client.request takes a user's schema from either zod entry: both build on zod's core.
const server = useMswServer();

const schemas = [
  ['classic zod', classic.looseObject({ available: classic.string() })],
  ['zod/mini', mini.looseObject({ available: mini.string() })],
] as const;

describe.each(schemas)('client.request with a %s schema', (_, schema) => {
  it('returns the checked data, unknown fields kept', async () => {
    server.use(http.get(url('credit/limits'), () => ok({ available: '10.00', extra: 1 })));
    await expect(client().request('GET', '/credit/limits', { schema })).resolves.toEqual({ available: '10.00', extra: 1 });
  });

  it('refuses data that does not fit, naming the field', async () => {
    server.use(http.get(url('credit/limits'), () => ok({ available: 10 })));
    const error = await captureError(client().request('GET', '/credit/limits', { schema }));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).issues.map((i) => i.path)).toEqual(['available']);
  });
});
