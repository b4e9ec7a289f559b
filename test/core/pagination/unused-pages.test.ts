// Read-ahead never fetches what cannot be used: `toArray({ max })` requests no page after the one
// that reaches `max`, and a page that says there is no next page ends every walk without a
// request, whatever `prefetch` says. Requests are counted twice: as the SDK starts them (its
// `fetch`) and as the service receives them.
import { describe, expect, it } from 'vitest';
import { CreditPlatformError } from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { client, http, ok, url, useMswServer } from '../../helpers/msw.js';

const server = useMswServer();
const PAGE = 100;

interface Counted {
  /** The cursor of each request the service received (`null`: the first page). */
  received: (string | null)[];
  /** Requests the SDK started. */
  started: number;
  /** A client whose `fetch` counts into `started`. */
  api: ReturnType<typeof client>;
}

/** `total` transactions in pages of `PAGE`; `lastPage` says how the last page says it is the last. */
function serve(total: number, lastPage: 'null cursor' | 'hasMore false' = 'null cursor'): Counted {
  const counted: Counted = {
    received: [],
    started: 0,
    api: client({
      fetch: (input, init) => {
        counted.started++;
        return fetch(input, init);
      },
    }),
  };
  server.use(
    http.get(url('transactions'), ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      counted.received.push(cursor);
      const start = cursor ? Number(cursor.slice(2)) : 0;
      const items = Array.from({ length: Math.max(0, Math.min(PAGE, total - start)) }, (_, i) => ({ id: `tx_${start + i + 1}` }));
      const more = start + PAGE < total;
      if (lastPage === 'hasMore false') return ok({ items, nextCursor: `c_${start + PAGE}`, hasMore: more });
      return ok({ items, nextCursor: more ? `c_${start + PAGE}` : null });
    }),
  );
  return counted;
}

// Time for a request that was started to reach the service, so none is missed by the count.
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

const PREFETCH: [string, number | undefined][] = [
  ['by default', undefined],
  ['with prefetch: 0', 0],
  ['with prefetch: 1', 1],
  ['with prefetch: 4', 4],
];

describe.each(PREFETCH)('toArray({ max }) on pages of 100, %s', (_label, prefetch) => {
  it.each([
    [1, 1],
    [100, 1],
    [150, 2],
    [200, 2],
    [201, 3],
    [500, 5],
    [1_000, 5],
  ])('max %i sends %i requests', async (max, requests) => {
    const counted = serve(500);
    const items = await counted.api.transactions.list({ limit: PAGE }, { prefetch }).toArray({ max });
    await settle();
    expect(items).toHaveLength(Math.min(max, 500));
    expect(items.at(-1)?.id).toBe(`tx_${Math.min(max, 500)}`);
    expect(counted.started).toBe(requests);
    expect(counted.received).toHaveLength(requests);
  });

  it('from a page already in hand, toArray sends only the pages after it that it needs', async () => {
    const counted = serve(500);
    const first = await counted.api.transactions.list({ limit: PAGE }, { prefetch });
    expect(await first.toArray({ max: 150 })).toHaveLength(150);
    await settle();
    expect(counted.received).toEqual([null, 'c_100']);
  });
});

describe.each(PREFETCH)('a page that says there is no next page ends the walk without a request, %s', (_label, prefetch) => {
  it.each(['null cursor', 'hasMore false'] as const)('the last page has a %s', async (lastPage) => {
    const counted = serve(250, lastPage);
    const list = () => counted.api.transactions.list({ limit: PAGE }, { prefetch });
    let items = 0;
    for await (const _ of list()) items++;
    let pages = 0;
    for await (const _ of list().pages()) pages++;
    const all = await list().toArray({ max: 10_000 });
    const last = await (await (await list()).getNextPage()).getNextPage();
    expect(await captureError(last.getNextPage())).toBeInstanceOf(CreditPlatformError);
    await settle();
    expect([items, pages, all.length]).toEqual([250, 3, 250]);
    // Three walks of three pages, and the three pages stepped by hand: nothing after the last.
    expect(counted.received).toEqual(Array.from({ length: 4 }, () => [null, 'c_100', 'c_200']).flat());
    expect(counted.started).toBe(12);
  });

  it('a list of one page sends one request, whichever helper walks it', async () => {
    const counted = serve(40);
    const list = () => counted.api.transactions.list({ limit: PAGE }, { prefetch });
    for await (const _ of list()) {
      // every item
    }
    for await (const _ of list().pages()) {
      // every page
    }
    await list().toArray({ max: 100 });
    await settle();
    expect(counted.received).toEqual([null, null, null]);
  });
});
