import type { PageLike, PageSource, RequestOptions } from '../types.js';
import { cursorLoopError, withResumeCursor } from './resume-cursor.js';

type Outcome<P> = { page: P; error?: undefined } | { page?: undefined; error: unknown };

/**
 * Walks the pages from `first` on, keeping up to `depth` later pages requested ahead of the
 * consumer (at most `depth + 1` pages held; one request in flight, since each cursor comes with
 * the page before). With `aheadFromStart` (`prefetch: k`) the first request ahead leaves at
 * once; otherwise when the consumer asks for the page after `first`. A page's error surfaces
 * when the consumer reaches that page, never as an unhandled rejection; leaving the walk aborts
 * the request in flight. No page is requested once the pages so far hold `wanted` items.
 */
export async function* readAhead<P extends PageLike>(
  first: P,
  depth: number,
  source: PageSource<P>,
  aheadFromStart: boolean,
  wanted = Number.POSITIVE_INFINITY,
): AsyncGenerator<P, void, undefined> {
  // The request in flight, if any. One controller per request, not per walk: the HTTP stack
  // registers each request on the signal it is given and lets go only once that request is
  // collected; on a short-lived signal the registrations go with it, on a walk-long one they pile
  // up for as long as the walk runs.
  let request: AbortController | undefined;
  const queue: Promise<Outcome<P>>[] = [];
  const seen = new Set<string>();
  // The cursor of the next page to request: `null` after the last page, a failed page or a loop.
  let tail: string | null = first.nextCursor;
  // The consumer has left the walk.
  let stopped = false;
  let fetched = first.items.length;

  const fill = (): void => {
    if (request || stopped || tail === null || queue.length >= depth || fetched >= wanted) return;
    const cursor = tail;
    if (seen.has(cursor)) {
      tail = null;
      queue.push(Promise.resolve({ error: withResumeCursor(cursorLoopError(), cursor) }));
      return;
    }
    seen.add(cursor);
    request = new AbortController();
    queue.push(
      source.fetchPage(cursor, request.signal).then(
        (page): Outcome<P> => {
          request = undefined;
          tail = page.nextCursor;
          fetched += page.items.length;
          fill();
          return { page };
        },
        (error: unknown): Outcome<P> => {
          request = undefined;
          tail = null;
          return { error: withResumeCursor(error, cursor) };
        },
      ),
    );
  };

  try {
    if (aheadFromStart) fill();
    let page: P | undefined = first;
    while (page) {
      if (request) await nextTurn();
      yield page;
      page = undefined; // the finished page can be collected while the next one is awaited
      fill(); // the next page, when no request is out for it yet (the first time, by default)
      const slot = queue.shift();
      if (!slot) return;
      fill();
      const outcome = await slot;
      if (!outcome.page) throw outcome.error;
      page = outcome.page;
    }
  } finally {
    stopped = true;
    queue.length = 0;
    request?.abort();
  }
}

// HTTP clients write a request to the socket on a later turn of the event loop (undici from a
// setImmediate), while handing out a page already in memory takes only microtasks: without a
// turn of the loop first, the page read ahead left only once a consumer that works
// synchronously had finished the current page, and reading ahead gained it nothing (1.00x in
// bench/read-ahead; 1.85x with the turn). Two turns: the client's callback may queue behind ours.
const nextTurn = (): Promise<void> =>
  new Promise((resolve) => {
    const later = globalThis.setImmediate ?? ((callback: () => void) => setTimeout(callback, 0));
    later(() => later(resolve));
  });

/** The call's options with read-ahead's `signal` added to the caller's own (either one aborts). */
export function withSignal<O extends RequestOptions>(options: O | undefined, signal: AbortSignal | undefined): O | undefined {
  if (!signal) return options;
  const own = options?.signal;
  return { ...(options as O), signal: own ? AbortSignal.any([own, signal]) : signal };
}
