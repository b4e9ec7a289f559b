import type { Page } from './page.js';

/**
 * Iterates every item of every page from the first on, holding one page at a time.
 *
 * Hand-written rather than nested async generators: each `yield` through an async generator
 * costs several microtask turns, and on a page of 100 items two levels of `yield*` cost more
 * than the HTTP request for the page. Here an item already in memory is one resolved promise.
 */
export function iterateItems<T>(first: () => Promise<Page<T>>): AsyncIterableIterator<T> {
  let pages: AsyncGenerator<Page<T>, void, undefined> | undefined;
  let items: readonly T[] = [];
  let index = 0;

  async function advance(): Promise<IteratorResult<T, undefined>> {
    // Let go of the finished page before waiting for the next: a page that is still referenced
    // while the next request is in flight survives a garbage collection and is promoted, and
    // collecting promoted pages was a measurable share of a long walk.
    items = [];
    pages ??= (await first()).pages();
    for (;;) {
      const next = await pages.next();
      if (next.done) {
        items = [];
        return { value: undefined, done: true };
      }
      items = next.value.items;
      index = 0;
      if (items.length > 0) return { value: items[index++] as T, done: false };
    }
  }

  const iterator: AsyncIterableIterator<T> = {
    next(): Promise<IteratorResult<T, undefined>> {
      if (index < items.length) return Promise.resolve({ value: items[index++] as T, done: false });
      return advance();
    },
    async return(): Promise<IteratorResult<T, undefined>> {
      items = [];
      await pages?.return();
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
