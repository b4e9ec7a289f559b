import { describe, expect, it } from 'vitest';
import { RequestValidationError, type CreditPlatform, type ListParams, type PagePromise } from '../../src/index.js';
import { captureError } from '../helpers/capture.js';
import { client, http, ok, url, useMswServer } from '../helpers/msw.js';

const server = useMswServer();

/** Serves `total` records under `path` in pages of `limit`, the cursor being the next index. */
function serve(path: string, total: number, prefix: string): { cursors: (string | null)[] } {
  const cursors: (string | null)[] = [];
  server.use(
    http.get(url(path), ({ request }) => {
      const q = new URL(request.url).searchParams;
      const cursor = q.get('cursor');
      cursors.push(cursor);
      const start = cursor ? Number(cursor.slice(2)) : 0;
      const limit = Number(q.get('limit') ?? 25);
      const items = Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) => ({
        id: `${prefix}${start + i}`,
        amount: '1.00',
      }));
      const next = start + limit < total ? `c_${start + limit}` : null;
      return ok({ items, nextCursor: next });
    }),
  );
  return { cursors };
}

type Lister = (c: CreditPlatform, params?: ListParams) => PagePromise<{ id: string }>;

// Every list of every category shares the same helpers.
const lists: [string, string, Lister][] = [
  ['transactions', 'transactions', (c, p) => c.transactions.list(p)],
  ['keys', 'keys', (c, p) => c.keys.list(p) as unknown as PagePromise<{ id: string }>],
  ['webhooks', 'webhooks', (c, p) => c.webhooks.list(p) as unknown as PagePromise<{ id: string }>],
  ['deposits', 'deposits', (c, p) => c.deposits.list(p)],
  ['deposits.withdrawals', 'deposits/withdrawals', (c, p) => c.deposits.withdrawals.list(p)],
  ['credit', 'credit', (c, p) => c.credit.list(p)],
  ['payments', 'payments', (c, p) => c.payments.list(p)],
  ['yield', 'yield', (c, p) => c.yield.list(p)],
  ['scores', 'scores', (c, p) => c.scores.list(p)],
];

describe.each(lists)('%s.list', (_, path, list) => {
  // keys and webhooks items need their own required fields; validation is not the subject here.
  const c = () => client({ validateResponses: path !== 'keys' && path !== 'webhooks' });

  it('iterates every item of every page once, in order', async () => {
    const { cursors } = serve(path, 7, 'r_');
    const ids: string[] = [];
    for await (const item of list(c(), { limit: 3 })) ids.push(item.id);
    expect(ids).toEqual(['r_0', 'r_1', 'r_2', 'r_3', 'r_4', 'r_5', 'r_6']);
    expect(cursors).toEqual([null, 'c_3', 'c_6']);
  });

  it('walks page by page with pages()', async () => {
    serve(path, 5, 'r_');
    const sizes: number[] = [];
    for await (const page of list(c(), { limit: 2 }).pages()) sizes.push(page.items.length);
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('toArray({ max }) stops fetching once it has max items (one page read ahead at most)', async () => {
    const { cursors } = serve(path, 1000, 'r_');
    const items = await list(c(), { limit: 10 }).toArray({ max: 15 });
    expect(items.map((i) => i.id)).toEqual(Array.from({ length: 15 }, (_, i) => `r_${i}`));
    expect(cursors.slice(0, 2)).toEqual([null, 'c_10']);
    expect(cursors.length).toBeLessThanOrEqual(3);
  });
});

describe('pagination', () => {
  it('toArray() without max is a RequestValidationError and sends nothing', async () => {
    const { cursors } = serve('transactions', 10, 'tx_');
    for (const options of [undefined, {}, { max: -1 }, { max: 1.5 }, { max: '10' }]) {
      const error = await captureError(
        client()
          .transactions.list()
          .toArray(options as never),
      );
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).errors).toEqual([
        { field: 'max', code: 'INVALID_MAX', message: expect.any(String) },
      ]);
    }
    expect(cursors).toEqual([]);
  });

  it('a list call sends nothing until awaited or iterated', async () => {
    const { cursors } = serve('payments', 10, 'pay_');
    const pending = client().payments.list();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(cursors).toEqual([]);
    await pending;
    expect(cursors).toEqual([null]);
  });

  it('resumes from a saved nextCursor', async () => {
    const { cursors } = serve('transactions', 10, 'tx_');
    const first = await client().transactions.list({ limit: 4 });
    const saved = first.nextCursor;
    expect(first.hasNextPage()).toBe(true);
    expect(saved).toBe('c_4');

    // Later, maybe in another process: a new client picks up where the first stopped.
    const rest: string[] = [];
    for await (const tx of client().transactions.list({ limit: 4, cursor: saved ?? undefined })) rest.push(tx.id);
    expect(rest).toEqual(['tx_4', 'tx_5', 'tx_6', 'tx_7', 'tx_8', 'tx_9']);
    expect(cursors).toEqual([null, 'c_4', 'c_8']);
  });

  it('getNextPage() keeps the list parameters', async () => {
    const seen: string[] = [];
    server.use(
      http.get(url('deposits'), ({ request }) => {
        seen.push(new URL(request.url).search);
        return ok({ items: [{ id: 'dep_1' }], nextCursor: seen.length < 2 ? 'n1' : null });
      }),
    );
    const page = await client().deposits.list({ limit: 1 });
    const next = await page.getNextPage();
    expect(next.hasNextPage()).toBe(false);
    expect(seen).toEqual(['?limit=1', '?limit=1&cursor=n1']);
  });

  it('a bad item on a later page fails there, after the good items were yielded', async () => {
    let call = 0;
    server.use(
      http.get(url('scores'), () => {
        call += 1;
        return call === 1 ? ok({ items: [{ id: 'scr_1' }], nextCursor: 'n' }) : ok({ items: [{ id: 2 }], nextCursor: null });
      }),
    );
    const ids: string[] = [];
    const error = await captureError(
      (async () => {
        for await (const s of client().scores.list()) ids.push(s.id);
      })(),
    );
    expect(ids).toEqual(['scr_1']);
    expect(error.name).toBe('InvalidResponseError');
  });
});
