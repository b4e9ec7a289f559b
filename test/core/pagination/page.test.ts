import type { JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { InternalServerError } from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { client, fail, http, ok, url, useMswServer } from '../../helpers/msw.js';

const server = useMswServer();

/** Serves `pages` in order (cursor `p<n>` for page n), failing with 500 at `failAt`; records every cursor asked for. */
function servePages(pages: string[][], failAt?: string | null) {
  const cursors: (string | null)[] = [];
  server.use(
    http.get(url('transactions'), ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      cursors.push(cursor);
      if (cursor === failAt) return fail(500, 'down');
      const index = cursor === null ? 0 : Number(cursor.slice(1));
      const next = index + 1 < pages.length ? `p${index + 1}` : null;
      return ok({ items: (pages[index] ?? []).map((id) => ({ id })), nextCursor: next } as JsonBodyType);
    }),
  );
  return cursors;
}

const ids = async (iterable: AsyncIterable<{ id: string }>) => {
  const seen: string[] = [];
  for await (const item of iterable) seen.push(item.id);
  return seen;
};

describe('Page', () => {
  it('says whether another page follows', async () => {
    servePages([['a'], ['b']]);
    const first = await client().transactions.list();
    expect(first.hasNextPage()).toBe(true);
    expect((await first.getNextPage()).hasNextPage()).toBe(false);
  });

  it('iterates every item from a page in hand to the last, with any prefetch', async () => {
    for (const prefetch of [undefined, 0, 2]) {
      servePages([['a', 'b'], ['c'], ['d', 'e']]);
      const first = await client().transactions.list({}, { prefetch });
      expect(await ids(first)).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(await ids(await first.getNextPage())).toEqual(['c', 'd', 'e']);
    }
  });
});

describe('iterating items', () => {
  it.each([undefined, 0, 1, 3])('skips empty pages, first, in the middle or last, with prefetch %s', async (prefetch) => {
    servePages([[], ['a'], [], [], ['b', 'c'], []]);
    expect(await ids(client().transactions.list({}, { prefetch }))).toEqual(['a', 'b', 'c']);
  });

  it('is done, and stays done, on a list of one empty page', async () => {
    const cursors = servePages([[]]);
    const iterator = client().transactions.list()[Symbol.asyncIterator]();
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    expect(cursors).toEqual([null]);
  });

  it('is done, and sends nothing more, once the list is walked', async () => {
    const cursors = servePages([['a'], ['b']]);
    const iterator = client().transactions.list()[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ id: 'a' });
    expect((await iterator.next()).value).toEqual({ id: 'b' });
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    expect(cursors).toEqual([null, 'p1']);
  });

  it('after its first page failed, is done and asks for nothing more', async () => {
    const cursors = servePages([['a']], null);
    const iterator = client({ maxRetries: 0 }).transactions.list()[Symbol.asyncIterator]();
    expect(await captureError(iterator.next())).toBeInstanceOf(InternalServerError);
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    expect(cursors).toEqual([null]);
  });

  it('closed before its first item (return()), gives nothing and sends nothing', async () => {
    const cursors = servePages([['a', 'b']]);
    const iterator = client().transactions.list()[Symbol.asyncIterator]();
    expect(await iterator.return?.()).toEqual({ value: undefined, done: true });
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    expect(cursors).toEqual([]);
  });

  it('closed within a page, gives nothing more and asks for no further page', async () => {
    for (const prefetch of [undefined, 0, 2]) {
      const cursors = servePages([['a', 'b'], ['c']]);
      const iterator = client().transactions.list({}, { prefetch })[Symbol.asyncIterator]();
      expect((await iterator.next()).value).toEqual({ id: 'a' });
      expect(await iterator.return?.()).toEqual({ value: undefined, done: true });
      expect(await iterator.next()).toEqual({ value: undefined, done: true });
      // prefetch: 2 asked for page 2 as the walk started (whether it got there before the abort is a race).
      expect(cursors.filter((cursor) => prefetch !== 2 || cursor !== 'p1')).toEqual([null]);
    }
  });

  it('is an async iterable itself, so a started iterator can be handed to for await', async () => {
    servePages([['a', 'b'], ['c']]);
    const iterator = client().transactions.list()[Symbol.asyncIterator]();
    expect(iterator[Symbol.asyncIterator]()).toBe(iterator);
    expect((await iterator.next()).value).toEqual({ id: 'a' });
    expect(await ids(iterator)).toEqual(['b', 'c']);
  });
});
