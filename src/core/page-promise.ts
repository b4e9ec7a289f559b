import { APIPromise } from './api-promise.js';
import type { HttpResult } from './http.js';
import { iterateItems } from './item-iterator.js';
import { withResumeCursor } from './list-errors.js';
import { checkToArrayOptions, type Page, type ToArrayOptions } from './page.js';

/**
 * What `list()` returns: a promise of the first {@link Page} that is also an async iterable over
 * every item of every page.
 *
 * @example
 * ```ts
 * for await (const tx of client.transactions.list({ limit: 100 })) console.log(tx.id);
 * const first500 = await client.transactions.list().toArray({ max: 500 });
 * for await (const page of client.transactions.list().pages()) console.log(page.items.length);
 * ```
 */
export class PagePromise<T> extends APIPromise<Page<T>> implements AsyncIterable<T> {
  /** @internal Built by the list operations; `firstCursor` is the cursor the first page is asked with. */
  constructor(start: () => Promise<HttpResult>, parse: (result: HttpResult) => Page<T>, firstCursor: string | null = null) {
    super(
      async () => {
        try {
          return await start();
        } catch (error) {
          throw withResumeCursor(error, firstCursor);
        }
      },
      (result) => {
        try {
          return parse(result);
        } catch (error) {
          throw withResumeCursor(error, firstCursor);
        }
      },
      true,
    );
  }

  /** Every item of every page, exactly once, in order, one page in memory at a time. */
  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return iterateItems(() => this.then((page) => page));
  }

  /**
   * The pages, first to last.
   *
   * @example
   * ```ts
   * for await (const page of client.transactions.list({ limit: 100 }).pages()) {
   *   console.log(page.items.length, page.nextCursor);
   * }
   * ```
   */
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    const first = await this;
    yield* first.pages();
  }

  /**
   * At most `max` items (required), fetching no further than needed. `toArray({ max: 0 })`
   * sends nothing.
   *
   * @example
   * ```ts
   * const latest = await client.transactions.list({ limit: 100 }).toArray({ max: 500 });
   * ```
   */
  async toArray(options: ToArrayOptions): Promise<T[]> {
    if (checkToArrayOptions(options) === 0) return [];
    const first = await this;
    return first.toArray(options);
  }
}
