import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readAhead, withSignal } from '../../../src/core/pagination/read-ahead.js';
import type { PageLike, PageSource } from '../../../src/core/types.js';
import {
  APIUserAbortError,
  type CreditPlatformError,
  InternalServerError,
  InvalidResponseError,
  RequestValidationError,
} from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { client, fail, http, ok, url, useMswServer } from '../../helpers/msw.js';

const server = useMswServer();
const TOTAL = 11;
const ALL = Array.from({ length: TOTAL }, (_, i) => `tx_${i + 1}`);

interface Served {
  /** The cursor of every request, in the order they arrived (`null`: the first page). */
  cursors: (string | null)[];
  /** Requests whose signal fired before they were answered. */
  aborted: (string | null)[];
}

/**
 * 11 transactions in pages of 2 (cursor `c_<offset>`). `hang` pages wait until their request is
 * aborted; `failAt` pages answer 500.
 */
function serve(options: { hang?: string[]; failAt?: string[] } = {}): Served {
  const served: Served = { cursors: [], aborted: [] };
  server.use(
    http.get(url('transactions'), async ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      served.cursors.push(cursor);
      if (cursor !== null && options.hang?.includes(cursor)) {
        await new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve()));
        served.aborted.push(cursor);
        return ok({ items: [], nextCursor: null });
      }
      if (cursor !== null && options.failAt?.includes(cursor)) return fail(500, 'boom');
      const start = cursor ? Number(cursor.slice(2)) : 0;
      const next = start + 2 < TOTAL ? `c_${start + 2}` : null;
      return ok({ items: ALL.slice(start, start + 2).map((id) => ({ id })), nextCursor: next });
    }),
  );
  return served;
}

const settle = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (up to 2 s, for loaded machines) until `check` holds. */
async function eventually(check: () => boolean): Promise<void> {
  for (let waited = 0; !check() && waited < 2_000; waited += 5) await settle(5);
}

// An error of a page read ahead is handed to the consumer; it must never escape as an
// unhandled rejection meanwhile.
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
});

describe('list({ ... }, { prefetch })', () => {
  it.each([1, 2, 3, 4])('prefetch %i yields every item exactly once, in order', async (prefetch) => {
    const served = serve();
    const seen: string[] = [];
    for await (const tx of client().transactions.list({ limit: 2 }, { prefetch })) seen.push(tx.id);
    expect(seen).toEqual(ALL);
    expect(served.cursors).toEqual([null, 'c_2', 'c_4', 'c_6', 'c_8', 'c_10']);
  });

  it.each([1, 2, 4])('prefetch %i keeps that many pages requested ahead of the consumer, never more', async (prefetch) => {
    const served = serve();
    let index = 0;
    for await (const tx of client().transactions.list({ limit: 2 }, { prefetch })) {
      expect(tx.id).toBe(ALL[index]);
      const page = Math.floor(index / 2) + 1; // the consumer is on this page (1-based)
      // The consumer's work; the read-ahead fills its window meanwhile, and goes no further.
      const window = Math.min(page + prefetch, 6);
      await eventually(() => served.cursors.length >= window);
      await settle(10);
      expect(served.cursors.length).toBe(window); // at most prefetch + 1 pages held
      index++;
    }
    expect(index).toBe(TOTAL);
  });

  it('with prefetch: 0 the next page is asked for only when the loop reaches it', async () => {
    const served = serve();
    const seen: string[] = [];
    for await (const tx of client().transactions.list({ limit: 2 }, { prefetch: 0 })) {
      seen.push(tx.id);
      await settle(5);
      expect(served.cursors.length).toBe(Math.floor(ALL.indexOf(tx.id) / 2) + 1);
    }
    // The loop ran over every item, so the check above ran once per item: an empty walk fails here.
    expect(seen).toEqual(ALL);
    expect(served.cursors).toEqual([null, 'c_2', 'c_4', 'c_6', 'c_8', 'c_10']);
  });

  it('pages() reads ahead too', async () => {
    const served = serve();
    const sizes: number[] = [];
    for await (const page of client().transactions.list({ limit: 2 }, { prefetch: 2 }).pages()) {
      await settle(10);
      sizes.push(page.items.length);
      expect(served.cursors.length - sizes.length).toBeLessThanOrEqual(2);
    }
    expect(sizes).toEqual([2, 2, 2, 2, 2, 1]);
  });

  it('breaking out aborts the page in flight and costs at most prefetch extra requests', async () => {
    const served = serve({ hang: ['c_6'] });
    const seen: string[] = [];
    for await (const tx of client().transactions.list({ limit: 2 }, { prefetch: 2 })) {
      seen.push(tx.id);
      if (tx.id === 'tx_3') {
        // On page 2: pages 3 (arrived) and 4 (hanging) are requested ahead.
        await eventually(() => served.cursors.length >= 4);
        expect(served.cursors).toEqual([null, 'c_2', 'c_4', 'c_6']);
        break;
      }
    }
    await eventually(() => served.aborted.length > 0);
    await settle();
    expect(seen).toEqual(['tx_1', 'tx_2', 'tx_3']);
    expect(served.aborted).toEqual(['c_6']);
    expect(served.cursors).toEqual([null, 'c_2', 'c_4', 'c_6']); // nothing after the break
  });

  it('toArray({ max }) with prefetch stops reading ahead once it has max items', async () => {
    const served = serve({ hang: ['c_6'] });
    const items = await client().transactions.list({ limit: 2 }, { prefetch: 2 }).toArray({ max: 3 });
    await settle();
    expect(items.map((t) => t.id)).toEqual(['tx_1', 'tx_2', 'tx_3']);
    expect(served.cursors.length - 2).toBeLessThanOrEqual(2);
  });

  it("the caller's signal still aborts the read-ahead", async () => {
    serve({ hang: ['c_4'] });
    const controller = new AbortController();
    const seen: string[] = [];
    const error = await captureError(async () => {
      for await (const tx of client().transactions.list({ limit: 2 }, { prefetch: 1, signal: controller.signal })) {
        seen.push(tx.id);
        if (tx.id === 'tx_3') setTimeout(() => controller.abort(), 10);
      }
    });
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect((error as CreditPlatformError).resumeCursor).toBe('c_4');
    expect(seen).toEqual(['tx_1', 'tx_2', 'tx_3', 'tx_4']);
  });

  it.each([-1, 5, 1.5, Number.NaN, '1', null])(
    'prefetch %s is a RequestValidationError and nothing is sent',
    async (prefetch) => {
      const served = serve();
      const error = await captureError(async () => {
        // @ts-expect-error a wrong type on purpose, as untyped callers may pass
        for await (const _ of client().transactions.list({ limit: 2 }, { prefetch: prefetch as number | string })) {
          /* never reached */
        }
      });
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).errors).toEqual([
        { field: 'prefetch', code: 'INVALID_PREFETCH', message: 'must be a whole number from 0 to 4' },
      ]);
      expect(error.message).toMatch(/prefetch must be a whole number of pages from 0 to 4/);
      expect(served.cursors).toEqual([]);
    },
  );
});

describe('read-ahead by default (no prefetch option)', () => {
  it('a consumer that stops within the first page has sent exactly one request', async () => {
    const served = serve();
    for await (const tx of client().transactions.list({ limit: 2 })) {
      await settle(10);
      if (tx.id === 'tx_2') break;
    }
    await settle(30);
    expect(served.cursors).toEqual([null]);
  });

  it('walking pages(): a consumer that stops on the first page has sent exactly one request', async () => {
    const served = serve();
    for await (const page of client().transactions.list({ limit: 2 }).pages()) {
      await settle(30);
      expect(page.items).toHaveLength(2);
      break;
    }
    await settle(30);
    expect(served.cursors).toEqual([null]);
  });

  it.each([2, 3, 4, 5])('a consumer that stops within page %i has sent at most one request more', async (stopPage) => {
    const served = serve();
    const last = ALL[stopPage * 2 - 2] as string; // the first item of page `stopPage`
    const seen: string[] = [];
    for await (const tx of client().transactions.list({ limit: 2 })) {
      seen.push(tx.id);
      await settle(10);
      if (tx.id === last) break;
    }
    await settle(30);
    expect(seen).toEqual(ALL.slice(0, stopPage * 2 - 1));
    expect(served.cursors.length).toBeGreaterThanOrEqual(stopPage);
    expect(served.cursors.length).toBeLessThanOrEqual(stopPage + 1);
  });

  it('from the second page on, the next page is requested while the consumer is on the current one', async () => {
    const served = serve();
    const requestedWhileOn: Record<string, number> = {};
    for await (const tx of client().transactions.list({ limit: 2 })) {
      await settle(20); // time for a request ahead to leave
      requestedWhileOn[tx.id] = served.cursors.length;
    }
    // On page 1 nothing is read ahead; on page k (k >= 2) page k + 1 is already asked for.
    expect(requestedWhileOn.tx_1).toBe(1);
    expect(requestedWhileOn.tx_3).toBe(3);
    expect(requestedWhileOn.tx_5).toBe(4);
    expect(requestedWhileOn.tx_9).toBe(6);
    expect(served.cursors).toEqual([null, 'c_2', 'c_4', 'c_6', 'c_8', 'c_10']);
  });

  it('holds at most two pages: the one being read and the one requested ahead', async () => {
    const served = serve();
    const sizes: number[] = [];
    for await (const page of client().transactions.list({ limit: 2 }).pages()) {
      await settle(10);
      sizes.push(page.items.length);
      expect(served.cursors.length - sizes.length).toBeLessThanOrEqual(1);
    }
    expect(sizes).toEqual([2, 2, 2, 2, 2, 1]);
  });

  it('awaiting a page never reads ahead, and neither does getNextPage()', async () => {
    const served = serve();
    const first = await client().transactions.list({ limit: 2 });
    await settle(30);
    expect(served.cursors).toEqual([null]);
    const second = await first.getNextPage();
    await settle(30);
    expect(second.items.map((t) => t.id)).toEqual(['tx_3', 'tx_4']);
    expect(served.cursors).toEqual([null, 'c_2']);
  });

  it('every item comes exactly once, in order, and every page is asked for once', async () => {
    const served = serve();
    const seen: string[] = [];
    for await (const tx of client().transactions.list({ limit: 2 })) seen.push(tx.id);
    expect(seen).toEqual(ALL);
    expect(served.cursors).toEqual([null, 'c_2', 'c_4', 'c_6', 'c_8', 'c_10']);
  });
});

describe('resumeCursor', () => {
  it.each([0, 1, 3])(
    'prefetch %i: an error of a later page is thrown where the consumer reaches it, and resuming has no gap and no duplicate',
    async (prefetch) => {
      const served = serve({ failAt: ['c_6'] });
      const seen: string[] = [];
      const error = await captureError(async () => {
        for await (const tx of client({ maxRetries: 0 }).transactions.list({ limit: 2 }, { prefetch })) {
          seen.push(tx.id);
          await settle(2);
        }
      });
      expect(error).toBeInstanceOf(InternalServerError);
      expect(seen).toEqual(ALL.slice(0, 6)); // every item before the failed page, none after
      const { resumeCursor } = error as CreditPlatformError;
      expect(resumeCursor).toBe('c_6');
      expect(served.cursors).toEqual([null, 'c_2', 'c_4', 'c_6']); // nothing past the failure
      expect((error as CreditPlatformError).toJSON()).toMatchObject({ resumeCursor: 'c_6' });

      serve(); // the service recovers
      for await (const tx of client().transactions.list({ limit: 2, cursor: resumeCursor }, { prefetch })) seen.push(tx.id);
      expect(seen).toEqual(ALL);
    },
  );

  it('a failed first page has resumeCursor null, and list({ cursor: null }) starts over', async () => {
    server.use(http.get(url('transactions'), () => fail(500, 'down')));
    const error = (await captureError(client({ maxRetries: 0 }).transactions.list({ limit: 2 }))) as CreditPlatformError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.resumeCursor).toBeNull();

    const served = serve();
    const seen: string[] = [];
    for await (const tx of client().transactions.list({ limit: 2, cursor: error.resumeCursor })) seen.push(tx.id);
    expect(seen).toEqual(ALL);
    expect(served.cursors[0]).toBeNull(); // no `cursor=null` on the wire
  });

  it('a walk started from a saved cursor reports that cursor when its first page fails', async () => {
    serve({ failAt: ['c_4'] });
    const error = await captureError(
      client({ maxRetries: 0 }).transactions.list({ limit: 2, cursor: 'c_4' }).toArray({ max: 20 }),
    );
    expect((error as CreditPlatformError).resumeCursor).toBe('c_4');
  });

  it('getNextPage() errors and invalid responses carry it too', async () => {
    serve({ failAt: ['c_2'] });
    const first = await client({ maxRetries: 0 }).transactions.list({ limit: 2 });
    const error = (await captureError(first.getNextPage())) as CreditPlatformError;
    expect(error.resumeCursor).toBe('c_2');

    server.use(
      http.get(url('transactions'), ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return cursor === 'c_2' ? ok({ nothing: 'here' }) : ok({ items: [{ id: 'tx_1' }], nextCursor: 'c_2' });
      }),
    );
    const invalid = (await captureError(
      client().transactions.list({ limit: 2 }, { prefetch: 1 }).toArray({ max: 10 }),
    )) as CreditPlatformError;
    expect(invalid).toBeInstanceOf(InvalidResponseError);
    expect(invalid.resumeCursor).toBe('c_2');
  });

  it.each([0, 3])('a cursor loop (prefetch %s) is thrown after the items before it', async (prefetch) => {
    server.use(
      http.get(url('transactions'), ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return ok({ items: [{ id: `tx_${cursor ?? 'start'}` }], nextCursor: cursor === 'a' ? 'b' : 'a' });
      }),
    );
    const seen: string[] = [];
    const error = await captureError(async () => {
      for await (const tx of client().transactions.list({}, { prefetch })) {
        seen.push(tx.id);
        if (seen.length > 10) break; // a walk that loops would go on forever
      }
    });
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toMatch(/a second time/);
    expect(seen).toEqual(['tx_start', 'tx_a', 'tx_b']);
    expect((error as CreditPlatformError).resumeCursor).toBe('a');
  });

  it('errors of other calls have no resumeCursor', async () => {
    server.use(http.get(url('accounts/me'), () => fail(500, 'down')));
    const error = (await captureError(client({ maxRetries: 0 }).accounts.me())) as CreditPlatformError;
    expect(error.resumeCursor).toBeUndefined();
    expect('resumeCursor' in error.toJSON()).toBe(false);
  });
});

/** Pages `p0`... of one item each, `last` the index of the last; records the cursors asked for. */
function pagesSource(
  last: number,
  answer: (cursor: string, page: PageLike) => Promise<PageLike> = (_, page) => Promise.resolve(page),
) {
  const asked: string[] = [];
  const pageAt = (index: number): PageLike => ({ items: [index], nextCursor: index < last ? `p${index + 1}` : null });
  const source: PageSource<PageLike> = {
    fetchPage(cursor) {
      asked.push(cursor);
      return answer(cursor, pageAt(Number(cursor.slice(1))));
    },
  };
  return { source, asked, first: pageAt(0) };
}

describe('readAhead (with a source of its own)', () => {
  it('hands out a page already in memory without waiting for the event loop', async () => {
    const { source, first } = pagesSource(3);
    const walk = readAhead(first, 1, source, false);
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    expect((await walk.next()).value).toBe(first);
    expect(turned).toBe(false);
    await walk.return();
  });

  it('asks for nothing more once the consumer has left, even when the page in flight arrives anyway', async () => {
    let arrive: () => void = () => undefined;
    // A source that ignores the abort: its page comes in after the consumer left.
    const { source, asked, first } = pagesSource(5, (cursor, page) =>
      cursor === 'p1' ? new Promise((resolve) => (arrive = () => resolve(page))) : Promise.resolve(page),
    );
    const walk = readAhead(first, 2, source, true);
    await walk.next();
    expect(asked).toEqual(['p1']);
    await walk.return();
    arrive();
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual(['p1']);
  });

  it('walks every page where setImmediate does not exist (browsers)', async () => {
    vi.stubGlobal('setImmediate', undefined);
    try {
      const { source, first } = pagesSource(3);
      const items: unknown[] = [];
      for await (const page of readAhead(first, 2, source, true)) items.push(...page.items);
      expect(items).toEqual([0, 1, 2, 3]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('withSignal', () => {
  it("gives back the caller's own options when read-ahead adds no signal", () => {
    const options = { timeout: 5_000 };
    expect(withSignal(options, undefined)).toBe(options);
    expect(withSignal(undefined, undefined)).toBeUndefined();
  });

  it("adds read-ahead's signal, and either one aborts", () => {
    const own = new AbortController();
    const ahead = new AbortController();
    expect(withSignal(undefined, ahead.signal)).toEqual({ signal: ahead.signal });
    const both = withSignal({ timeout: 5_000, signal: own.signal }, ahead.signal);
    expect(both?.timeout).toBe(5_000);
    expect(both?.signal?.aborted).toBe(false);
    ahead.abort();
    expect(both?.signal?.aborted).toBe(true);
    const other = withSignal({ signal: own.signal }, new AbortController().signal);
    own.abort();
    expect(other?.signal?.aborted).toBe(true);
  });
});
