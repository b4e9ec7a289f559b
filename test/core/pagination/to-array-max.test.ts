// toArray({ max }): `max` is a whole number of items, at least 0; 0 asks for nothing at all, and
// a wrong `max` is refused before anything is sent, from a list call or from a page in hand.
import { describe, expect, it } from 'vitest';
import { Page, RequestValidationError } from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { client, http, ok, url, useMswServer } from '../../helpers/msw.js';

const server = useMswServer();

function serve(): (string | null)[] {
  const cursors: (string | null)[] = [];
  server.use(
    http.get(url('transactions'), ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      cursors.push(cursor);
      return ok({ items: [{ id: `tx_${cursors.length}` }], nextCursor: cursors.length < 5 ? `c_${cursors.length}` : null });
    }),
  );
  return cursors;
}

describe('toArray({ max })', () => {
  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '2', null])(
    'max %s is a RequestValidationError naming max, and nothing is sent',
    async (max) => {
      const cursors = serve();
      const error = await captureError(
        client()
          .transactions.list()
          .toArray({ max: max as number }),
      );
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).errors).toEqual([
        { field: 'max', code: 'INVALID_MAX', message: 'must be a whole number; pass toArray({ max })' },
      ]);
      expect(cursors).toEqual([]);
    },
  );

  it('max 0 is an empty array and sends nothing, from a list call and from a page in hand', async () => {
    const cursors = serve();
    expect(await client().transactions.list().toArray({ max: 0 })).toEqual([]);
    expect(cursors).toEqual([]);
    const page = await client().transactions.list();
    expect(await page.toArray({ max: 0 })).toEqual([]);
    expect(cursors).toEqual([null]);
  });

  it('a page in hand refuses a wrong max too', async () => {
    const page = new Page([1, 2], 'c', { fetchPage: () => Promise.reject(new Error('not asked')) });
    for (const max of [-1, 0.5]) {
      expect(await captureError(page.toArray({ max }))).toBeInstanceOf(RequestValidationError);
    }
    expect(await page.toArray({ max: 1 })).toEqual([1]);
    expect(await page.toArray({ max: 2 })).toEqual([1, 2]);
  });

  it('max 1 from a list call sends one request; max 2 two, with pages of one item', async () => {
    const cursors = serve();
    expect((await client().transactions.list({}, { prefetch: 2 }).toArray({ max: 1 })).length).toBe(1);
    expect(cursors).toEqual([null]);
    cursors.length = 0;
    expect((await client().transactions.list({}, { prefetch: 2 }).toArray({ max: 2 })).length).toBe(2);
    expect(cursors).toEqual([null, 'c_1']);
  });
});
