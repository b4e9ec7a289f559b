import { InvalidResponseError } from '../errors/index.js';
import { concatBytes } from '../utils/bytes.js';

const bodies = new WeakMap<Response, Uint8Array>();
const utf8 = new TextDecoder();
const EMPTY = new Uint8Array(0);

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
 *
 * At most `limit` bytes are ever held (`maxResponseBytes`): a `Content-Length` above it is
 * refused unread, and the stream is cancelled (the connection dropped) as soon as the count
 * passes it. A body that arrives in one chunk, as most pages do, is kept as that chunk, uncopied.
 */
export async function bufferBody(response: Response, limit: number, where: string): Promise<Response> {
  const { body } = response;
  if (body === null) {
    bodies.set(response, EMPTY);
    return response;
  }
  const declared = declaredLength(response.headers);
  if (declared !== undefined && declared > limit) {
    body.cancel().catch(ignore);
    throw tooLarge(response, limit, `${where} announced a Content-Length of ${declared} bytes,`, 'it was not read');
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      reader.cancel().catch(ignore);
      throw tooLarge(response, limit, `${where} answered with a body`, 'reading stopped there');
    }
    chunks.push(value);
  }
  bodies.set(response, concatBytes(chunks, total));
  return response;
}

// A Content-Length counts the encoded bytes: with a Content-Encoding the decoded body (what is
// held) may differ, so only the count as it streams in decides.
function declaredLength(headers: Headers): number | undefined {
  const value = headers.get('content-length');
  if (value === null || headers.has('content-encoding')) return undefined;
  const length = Number(value);
  return Number.isSafeInteger(length) ? length : undefined;
}

function tooLarge(response: Response, limit: number, what: string, outcome: string): InvalidResponseError {
  return new InvalidResponseError(
    `${what} larger than maxResponseBytes (${limit} bytes); ${outcome}. Raise maxResponseBytes (a client or per-call option) if the service really answers with more.`,
    { status: response.status, body: '' },
  );
}

function ignore(): void {}

/** The body of a response read through {@link bufferBody}. */
export function bufferedText(response: Response): string | undefined {
  const bytes = bodies.get(response);
  return bytes === undefined ? undefined : utf8.decode(bytes);
}
