const texts = new WeakMap<Response, string>();

/**
 * Reads the whole body of an attempt's response before the attempt counts as answered. ky's
 * per-attempt timeout and retry then cover the body too: a server that sends headers and stalls
 * mid-body times out (and an idempotent call retries) instead of hanging the caller, and a reset
 * mid-body is a connection error of that attempt.
 *
 * The text is kept beside the response rather than in a new Response: building a second
 * Response (and its stream) per call was a measurable share of the SDK's overhead. The
 * response handed to callers by `.withResponse()` therefore has its body already used; its
 * content is the call's `data`.
 */
export async function bufferBody(response: Response): Promise<Response> {
  texts.set(response, await response.text());
  return response;
}

/** The body of a response read through {@link bufferBody}. */
export function bufferedText(response: Response): string | undefined {
  return texts.get(response);
}
