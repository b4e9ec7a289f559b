import type { Fetch } from './options.js';

const texts = new WeakMap<Response, string>();

/**
 * Wraps a fetch so that an attempt resolves only once the whole body has arrived. ky's
 * per-attempt timeout and retry then cover the body too: a server that sends headers and
 * stalls mid-body times out (and an idempotent call retries) instead of hanging the caller.
 *
 * The text is kept beside the response rather than in a new Response: building a second
 * Response (and its stream) per call was a measurable share of the SDK's overhead. The
 * response handed to callers by `.withResponse()` therefore has its body already used; its
 * content is the call's `data`.
 *
 * `resolveFetch` is called per request because test tools such as msw patch the global
 * `fetch` after clients are created.
 */
export function createBufferedFetch(resolveFetch: () => Fetch): Fetch {
  return async (input, init) => {
    const response = await resolveFetch()(input, init);
    texts.set(response, await response.text());
    return response;
  };
}

/** The body of a response fetched through {@link createBufferedFetch}. */
export function bufferedText(response: Response): string | undefined {
  return texts.get(response);
}
