import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { InvalidResponseError } from '../../src/index.js';
import { captureError } from '../helpers/capture.js';
import { API_KEY, client, http, ok, url, useMswServer } from '../helpers/msw.js';

const server = useMswServer();

const limitsSchema = z.looseObject({ available: z.string(), currency: z.string().optional() });

describe('client.request with a schema', () => {
  it('returns typed, checked data and keeps unknown fields', async () => {
    server.use(http.get(url('credit/limits'), () => ok({ available: '5000.00', riskBand: 'B' })));
    const limits = await client().request('GET', '/credit/limits', { schema: limitsSchema });
    expectTypeOf(limits.available).toEqualTypeOf<string>();
    expect(limits).toEqual({ available: '5000.00', riskBand: 'B' });
  });

  it('a mismatch is an InvalidResponseError with the path, never the key', async () => {
    server.use(http.get(url('credit/limits'), () => ok({ available: 5000, echoed: API_KEY })));
    const error = await captureError(client().request('GET', 'credit/limits', { schema: limitsSchema }));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).issues).toEqual([
      { path: 'available', message: expect.any(String), code: 'invalid_type' },
    ]);
    expect(JSON.stringify(error)).not.toContain(API_KEY);
  });

  it('validateResponses: false skips the schema', async () => {
    server.use(http.get(url('credit/limits'), () => ok({ available: 5000 })));
    const limits = await client({ validateResponses: false }).request('GET', '/credit/limits', { schema: limitsSchema });
    expect(limits).toEqual({ available: 5000 });
  });

  it('without a schema the data is unknown and unchecked', async () => {
    server.use(http.post(url('credit/draws'), async ({ request }) => ok({ echo: await request.json() }, { status: 201 })));
    const result = await client().request('POST', 'credit/draws', { body: { amount: '10.00' } });
    expectTypeOf(result).toEqualTypeOf<unknown>();
    expect(result).toEqual({ echo: { amount: '10.00' } });
  });

  it('works with the record schemas of a list page', async () => {
    server.use(http.get(url('credit/draws'), () => ok({ items: [{ id: 'd1', amount: '1.00' }], nextCursor: null })));
    const page = await client().request('GET', 'credit/draws', {
      query: { limit: 10 },
      schema: z.looseObject({
        items: z.array(z.looseObject({ id: z.string(), amount: z.string() })),
        nextCursor: z.string().nullable(),
      }),
    });
    expect(page.items[0]?.amount).toBe('1.00');
  });
});
