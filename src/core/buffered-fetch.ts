import type { Fetch } from './options.js';

const texts = new WeakMap<Response, string>();
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * Wraps a fetch so that an attempt resolves only once the whole body has arrived. ky's
 * per-attempt timeout and retry then cover the body too: a server that sends headers and
 * stalls mid-body times out (and an idempotent call retries) instead of hanging the caller.
 *
 * `resolveFetch` is called per request because test tools such as msw patch the global
 * `fetch` after clients are created.
 */
export function createBufferedFetch(resolveFetch: () => Fetch): Fetch {
  return async (input, init) => {
    const response = await resolveFetch()(input, init);
    const text = await response.text();
    const buffered = new Response(NULL_BODY_STATUSES.has(response.status) ? null : text, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    Object.defineProperty(buffered, 'url', { value: response.url });
    texts.set(buffered, text);
    return buffered;
  };
}

/** The body of a response made by {@link createBufferedFetch}, without reading its stream. */
export function bufferedText(response: Response): string | undefined {
  return texts.get(response);
}
