import { describe, expect, it } from 'vitest';
import { OperationRunner } from '../../../src/core/operations/operation-runner.js';
import type { Operation } from '../../../src/core/operations/operation.js';
import type { HttpCall, HttpResult, Transport } from '../../../src/core/types.js';
import {
  CreditPlatformError,
  InvalidResponseError,
  OPERATIONS,
  Page,
  readPageShape,
  RequestValidationError,
} from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { API_KEY, client, http, ok, url, useMswServer } from '../../helpers/msw.js';
import type { JsonBodyType } from 'msw';

const server = useMswServer();

/** 7 transactions in pages of `size`, shaped by `shape`; records every cursor it is asked for. */
function serveTransactions(size: number, shape: (items: JsonBodyType[], next: string | null) => JsonBodyType) {
  const all = Array.from({ length: 7 }, (_, i) => ({ id: `tx_${i + 1}` }));
  const cursors: (string | null)[] = [];
  server.use(
    http.get(url('transactions'), ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      cursors.push(cursor);
      const start = cursor ? Number(cursor.slice(2)) : 0;
      const next = start + size < all.length ? `c_${start + size}` : null;
      return ok(shape(all.slice(start, start + size), next));
    }),
  );
  return { cursors, ids: all.map((t) => t.id) };
}

const shapes: [string, (items: JsonBodyType[], next: string | null) => JsonBodyType][] = [
  ['{ items, nextCursor }', (items, next) => ({ items, nextCursor: next })],
  ['{ data, next_cursor }', (items, next) => ({ data: items, next_cursor: next })],
  ['{ transactions, cursor }', (items, next) => ({ transactions: items, cursor: next })],
  ['{ items, pagination: { nextCursor } }', (items, next) => ({ items, pagination: { nextCursor: next } })],
  [
    '{ items, pagination: { next_cursor, has_more } }',
    (items, next) => ({ items, pagination: { next_cursor: next ?? 'ignored', has_more: next !== null } }),
  ],
  ['{ items, nextCursor, hasMore }', (items, next) => ({ items, nextCursor: next ?? 'ignored', hasMore: next !== null })],
  ['{ items, nextCursor: "" } on the last page', (items, next) => ({ items, nextCursor: next ?? '' })],
];

describe('iterating every page', () => {
  it.each(shapes)('yields every item exactly once, in order, for %s', async (_, shape) => {
    const { cursors, ids } = serveTransactions(3, shape);
    const seen: string[] = [];
    for await (const tx of client().transactions.list({ limit: 3 })) seen.push(tx.id);
    expect(seen).toEqual(ids);
    expect(cursors).toEqual([null, 'c_3', 'c_6']);
  });

  it('a bare array is one page', async () => {
    server.use(http.get(url('transactions'), () => ok([{ id: 'tx_1' }, { id: 'tx_2' }])));
    const page = await client().transactions.list();
    expect(page.items.map((t) => t.id)).toEqual(['tx_1', 'tx_2']);
    expect(page.hasNextPage()).toBe(false);
  });

  it('pages() walks page by page', async () => {
    serveTransactions(3, shapes[0]![1]);
    const sizes: number[] = [];
    for await (const page of client().transactions.list({ limit: 3 }).pages()) sizes.push(page.items.length);
    expect(sizes).toEqual([3, 3, 1]);
  });

  it('getNextPage() and hasNextPage() step by hand, and the last page refuses to go on', async () => {
    serveTransactions(3, shapes[0]![1]);
    const first = await client().transactions.list({ limit: 3 });
    expect(first).toBeInstanceOf(Page);
    expect(first.nextCursor).toBe('c_3');
    expect(first.hasNextPage()).toBe(true);
    const second = await first.getNextPage();
    const third = await second.getNextPage();
    expect(third.items.map((t) => t.id)).toEqual(['tx_7']);
    expect(third.hasNextPage()).toBe(false);
    expect(await captureError(third.getNextPage())).toBeInstanceOf(CreditPlatformError);
  });

  it('starts from an explicit cursor (resuming a saved walk)', async () => {
    const { cursors } = serveTransactions(3, shapes[0]![1]);
    const seen: string[] = [];
    for await (const tx of client().transactions.list({ cursor: 'c_3', limit: 3 })) seen.push(tx.id);
    expect(seen).toEqual(['tx_4', 'tx_5', 'tx_6', 'tx_7']);
    expect(cursors).toEqual(['c_3', 'c_6']);
  });

  it('toArray({ max }) stops fetching once it has max items (one page read ahead at most)', async () => {
    const { cursors } = serveTransactions(3, shapes[0]![1]);
    const items = await client().transactions.list({ limit: 3 }).toArray({ max: 4 });
    expect(items.map((t) => t.id)).toEqual(['tx_1', 'tx_2', 'tx_3', 'tx_4']);
    expect(cursors.slice(0, 2)).toEqual([null, 'c_3']);
    expect(cursors.length).toBeLessThanOrEqual(3);
  });

  it('toArray({ max }) with prefetch: 0 fetches no page it does not need', async () => {
    const { cursors } = serveTransactions(3, shapes[0]![1]);
    const items = await client().transactions.list({ limit: 3 }, { prefetch: 0 }).toArray({ max: 4 });
    expect(items.map((t) => t.id)).toEqual(['tx_1', 'tx_2', 'tx_3', 'tx_4']);
    expect(cursors).toEqual([null, 'c_3']);
  });

  it('toArray() without max is a RequestValidationError and sends nothing', async () => {
    const { cursors } = serveTransactions(3, shapes[0]![1]);
    // @ts-expect-error max is required
    const error = await captureError(client().transactions.list().toArray());
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).errors[0]?.field).toBe('max');
    expect(cursors).toEqual([]);
  });

  it('a list is lazy: nothing is sent until it is awaited or iterated', async () => {
    const { cursors } = serveTransactions(3, shapes[0]![1]);
    const pending = client().transactions.list();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cursors).toEqual([]);
    await pending;
    expect(cursors).toEqual([null]);
  });
});

describe('cursors that would loop forever', () => {
  it('a server that hands back the cursor it was given is an InvalidResponseError', async () => {
    server.use(http.get(url('transactions'), () => ok({ items: [{ id: 'tx_1' }], nextCursor: 'same' })));
    const seen: string[] = [];
    const error = await captureError(async () => {
      for await (const tx of client().transactions.list()) seen.push(tx.id);
    });
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toMatch(/same cursor/);
    expect(seen).toEqual(['tx_1']);
  });

  it('a longer cycle (a -> b -> a) is detected too', async () => {
    server.use(
      http.get(url('transactions'), ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return ok({ items: [{ id: `tx_${cursor ?? 'start'}` }], nextCursor: cursor === 'a' ? 'b' : 'a' });
      }),
    );
    const error = await captureError(client().transactions.list().toArray({ max: 100 }));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toMatch(/a second time/);
  });

  it('data without an items array is an InvalidResponseError whose body is redacted of the key it echoes', async () => {
    server.use(http.get(url('transactions'), () => ok({ something: 'else', echo: API_KEY })));
    const error = (await captureError(client().transactions.list())) as InvalidResponseError;
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.body).toContain('[REDACTED]');
    expect(error.body).not.toContain(API_KEY);
  });
});

describe('the first page of a list call', () => {
  it("with cursor: null (a first page's resumeCursor passed back) keeps every other parameter", async () => {
    const { cursors } = serveTransactions(3, shapes[0]![1]);
    const limits: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => limits.push(new URL(request.url).searchParams.get('limit')));
    const seen: string[] = [];
    for await (const tx of client().transactions.list({ cursor: null, limit: 3 }, { prefetch: 0 })) seen.push(tx.id);
    server.events.removeAllListeners();
    expect(seen).toHaveLength(7);
    expect(cursors).toEqual([null, 'c_3', 'c_6']);
    expect(limits).toEqual(['3', '3', '3']);
  });

  it('from JavaScript with null for the parameters, is list()', async () => {
    const { cursors, ids } = serveTransactions(7, shapes[0]![1]);
    expect((await client().transactions.list(null as never)).items.map((t) => t.id)).toEqual(ids);
    expect(cursors).toEqual([null]);
  });

  it('with a cursor that is not a string, is refused unsent, and resumes from the first page', async () => {
    const { cursors } = serveTransactions(3, shapes[0]![1]);
    const error = (await captureError(client().transactions.list({ cursor: 42 as never }))) as CreditPlatformError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.resumeCursor).toBeNull();
    expect(cursors).toEqual([]);
  });

  it('of an operation declared without a resource key, finds the items under items or data only', async () => {
    const { list: _declared, ...undeclared } = OPERATIONS['transactions.list'];
    const answers: unknown[] = [{ items: [{ id: 'tx_1' }], nextCursor: null }, { transactions: [{ id: 'tx_2' }] }];
    const transport: Transport = {
      send: (_: HttpCall): Promise<HttpResult> => {
        const data = answers.shift();
        const body = JSON.stringify(data);
        return Promise.resolve({
          data,
          response: new Response(body),
          requestId: 'req-test',
          redact: (t) => t,
          redactedBody: () => body,
        });
      },
    };
    const runner = new OperationRunner(transport, false, new Map());
    const op: Operation = undeclared;
    expect((await runner.list(op, {} as never)).items).toEqual([{ id: 'tx_1' }]);
    const error = await captureError(runner.list(op, {} as never));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toContain('data.items');
  });
});

describe('readPageShape (the documented rule)', () => {
  it('prefers items over data over the resource name', () => {
    expect(readPageShape({ items: [1], data: [2], transactions: [3], nextCursor: 'n' }, 'transactions', 200)).toEqual({
      items: [1],
      nextCursor: 'n',
    });
  });
  it('a null cursor ends the walk', () => {
    expect(readPageShape({ items: [], nextCursor: null }, 'x', 200).nextCursor).toBeNull();
  });
});
