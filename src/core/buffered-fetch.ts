const bodies = new WeakMap<Response, Uint8Array>();
const utf8 = new TextDecoder();

/**
 * Reads the whole body of an attempt's response before the attempt counts as answered. ky's
 * per-attempt timeout and retry then cover the body too: a server that sends headers and stalls
 * mid-body times out (and an idempotent call retries) instead of hanging the caller, and a reset
 * mid-body is a connection error of that attempt.
 *
 * The bytes are kept beside the response rather than in a new Response: building a second
 * Response (and its stream) per call was a measurable share of the SDK's overhead. Bytes, not
 * text: decoded after ky returns, the page's string dies young instead of surviving ky's
 * promise chain into the old generation (paging 100,000 items: heap growth +50.8 MB as text,
 * +28.0 MB as bytes; docs/benchmarks.md). The
 * response handed to callers by `.withResponse()` therefore has its body already used; its
 * content is the call's `data`.
 */
export async function bufferBody(response: Response): Promise<Response> {
  bodies.set(response, await response.bytes());
  return response;
}

/** The body of a response read through {@link bufferBody}. */
export function bufferedText(response: Response): string | undefined {
  const bytes = bodies.get(response);
  return bytes === undefined ? undefined : utf8.decode(bytes);
}
