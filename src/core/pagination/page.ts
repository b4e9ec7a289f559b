import { CreditPlatformError, RequestValidationError } from '../../errors/index.js';
import type { PageSource } from '../types.js';
import { readAhead } from './read-ahead.js';
import { cursorLoopError, withResumeCursor } from './resume-cursor.js';

/**
 * Options of {@link Page.toArray}: `max` is required so nobody loads a million records by accident.
 *
 * @example
 * ```ts
 * const options: ToArrayOptions = { max: 500 };
 * const recent = await client.transactions.list({ limit: 100 }).toArray(options);
 * ```
 */
export interface ToArrayOptions {
  /** The most items to collect; the walk stops fetching once it has this many. */
  max: number;
}

/**
 * One page of a cursor-paginated list, and an async iterable over every item from this page to
 * the last. Only one page is held at a time while iterating (`prefetch + 1` with read-ahead).
 * Every error thrown while walking carries `resumeCursor`, the cursor to resume from.
 *
 * @example
 * ```ts
 * const page = await client.transactions.list({ limit: 100 });
 * console.log(page.items.length, page.nextCursor);
 * if (page.hasNextPage()) await page.getNextPage();
 * for await (const p of page.pages()) console.log(p.items.length);
 * for await (const tx of page) console.log(tx.id);
 * ```
 */
export class Page<T> implements AsyncIterable<T> {
  /** This page's items. */
  readonly items: T[];
  /** The cursor of the next page, `null` on the last page. Save it to resume later with `list({ cursor })`. */
  readonly nextCursor: string | null;
  readonly #source: PageSource<Page<T>>;
  readonly #prefetch: number | undefined;

  /**
   * @internal Built by the list call (`source`), which fetches the pages after it; `prefetch` is
   * the call's `prefetch` option (`undefined`: read ahead once the first page is done).
   */
  constructor(items: T[], nextCursor: string | null, source: PageSource<Page<T>>, prefetch?: number) {
    this.items = items;
    this.nextCursor = nextCursor;
    this.#source = source;
    this.#prefetch = prefetch;
  }

  /**
   * Whether another page follows.
   *
   * @example
   * ```ts
   * let page = await client.transactions.list({ limit: 100 });
   * while (page.hasNextPage()) page = await page.getNextPage();
   * ```
   */
  hasNextPage(): boolean {
    return this.nextCursor !== null;
  }

  /**
   * Fetches the next page, with the same list parameters. Throws a `CreditPlatformError` when there
   * is none: check {@link Page.hasNextPage} first.
   *
   * @example
   * ```ts
   * const first = await client.deposits.list({ limit: 50 });
   * const second = first.hasNextPage() ? await first.getNextPage() : undefined;
   * ```
   */
  async getNextPage(): Promise<Page<T>> {
    const cursor = this.nextCursor;
    if (cursor === null) {
      throw new CreditPlatformError('This is the last page: check page.hasNextPage() before calling getNextPage().');
    }
    try {
      return await this.#source.fetchPage(cursor);
    } catch (error) {
      throw withResumeCursor(error, cursor);
    }
  }

  /**
   * Walks page by page from this one. By default, once you are done with this page, the walk
   * keeps the page after the one you are on requested ahead of you (at most one request more
   * than you consume, one page more in memory); `prefetch: 0` on the list call walks strictly
   * one page at a time, `prefetch: k` keeps `k` pages ahead from the start. A cursor seen twice
   * is an `InvalidResponseError`, not an endless loop.
   *
   * @example
   * ```ts
   * const first = await client.transactions.list({ limit: 100 });
   * for await (const page of first.pages()) {
   *   await db.insertMany(page.items);
   *   await db.saveCursor(page.nextCursor); // resume point if the job stops
   * }
   * ```
   */
  pages(): AsyncGenerator<Page<T>, void, undefined> {
    return this.#pages(Number.POSITIVE_INFINITY);
  }

  // The walk of pages(), reading ahead no further than the pages that hold `wanted` items: a
  // walk strictly one page at a time asks for a page only when the consumer does.
  #pages(wanted: number): AsyncGenerator<Page<T>, void, undefined> {
    const prefetch = this.#prefetch;
    if (prefetch === 0) return this.#walk();
    return readAhead(this, prefetch ?? 1, this.#source, prefetch !== undefined, wanted);
  }

  async *#walk(): AsyncGenerator<Page<T>, void, undefined> {
    const seen = new Set<string>();
    let page: Page<T> | undefined = this;
    while (page) {
      yield page;
      const cursor = page.nextCursor;
      if (cursor === null) return;
      if (seen.has(cursor)) throw withResumeCursor(cursorLoopError(), cursor);
      seen.add(cursor);
      const next = page.getNextPage();
      page = undefined; // the finished page can be collected while the next one is fetched
      page = await next;
    }
  }

  /** Every item from this page to the last, each exactly once, in order. */
  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return new ItemIterator<T>(this);
  }

  /**
   * Collects at most `max` items from this page on, fetching no further than needed: no page is
   * requested after the one that brings the `max`-th item, read-ahead or not, and none after a
   * page that says it is the last. Without a whole-number `max` it throws a
   * `RequestValidationError`.
   *
   * @example
   * ```ts
   * const page = await client.payments.list({ limit: 100 });
   * const upTo250 = await page.toArray({ max: 250 });
   * ```
   */
  async toArray(options: ToArrayOptions): Promise<T[]> {
    const max = checkToArrayOptions(options);
    const out: T[] = [];
    if (max === 0) return out;
    for await (const page of this.#pages(max)) {
      for (const item of page.items) {
        out.push(item);
        if (out.length >= max) return out;
      }
    }
    return out;
  }
}

/**
 * @internal Every item of every page from the first on, holding one page at a time: what
 * iterating a list or a page gives. `first` is the page to start from, or the list call whose
 * first page it is (asked for on the first `next()`).
 *
 * Hand-written rather than nested async generators: each `yield` through an async generator
 * costs several microtask turns, and on a page of 100 items two levels of `yield*` cost more
 * than the HTTP request for the page. Here an item already in memory is one resolved promise.
 */
export class ItemIterator<T> implements AsyncIterableIterator<T> {
  // The page to start from, or the list call whose first page it is, until the walk starts.
  #first: Page<T> | { firstPage(): Promise<Page<T>> } | undefined;
  #pages: AsyncGenerator<Page<T>, void, undefined> | undefined;
  #items: readonly T[] = [];
  #index = 0;

  constructor(first: Page<T> | { firstPage(): Promise<Page<T>> }) {
    this.#first = first;
  }

  next(): Promise<IteratorResult<T, undefined>> {
    if (this.#index < this.#items.length) return Promise.resolve({ value: this.#items[this.#index++] as T, done: false });
    return this.#advance();
  }

  async return(): Promise<IteratorResult<T, undefined>> {
    this.#items = [];
    this.#first = undefined;
    await this.#pages?.return();
    return { value: undefined, done: true };
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }

  async #advance(): Promise<IteratorResult<T, undefined>> {
    // Let go of the finished page before waiting for the next: a page that is still referenced
    // while the next request is in flight survives a garbage collection and is promoted, and
    // collecting promoted pages was a measurable share of a long walk.
    this.#items = [];
    const first = this.#first;
    if (first !== undefined) {
      // The walk starts from the first page, which it yields first. Starting it sends nothing
      // unless it reads ahead from the start (`prefetch: k`): by default the page after it is
      // asked for once its items are done.
      this.#first = undefined;
      this.#pages = (first instanceof Page ? first : await first.firstPage()).pages();
    }
    const pages = this.#pages;
    if (pages === undefined) return { value: undefined, done: true };
    for (;;) {
      const next = await pages.next();
      if (next.done) {
        this.#items = [];
        return { value: undefined, done: true };
      }
      if (next.value.items.length > 0) return this.#serve(next.value.items);
    }
  }

  #serve(items: readonly T[]): IteratorResult<T, undefined> {
    this.#items = items;
    this.#index = 1;
    return { value: items[0] as T, done: false };
  }
}

/** @internal Throws a RequestValidationError unless `options.max` is a whole number. */
export function checkToArrayOptions(options: ToArrayOptions | undefined): number {
  const max = (options as { max?: unknown } | undefined)?.max;
  // Number.isInteger is false for anything but a number.
  if (!Number.isInteger(max) || (max as number) < 0) {
    throw new RequestValidationError(
      'toArray() needs { max }: the most items to load, a whole number (e.g. toArray({ max: 500 })).',
      [{ field: 'max', code: 'INVALID_MAX', message: 'must be a whole number; pass toArray({ max })' }],
    );
  }
  return max as number;
}
