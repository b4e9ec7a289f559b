// Reading a request body with a size limit, shared by the Fetch-style webhook receiver and the
// testing kit's fake. A leaf: it imports nothing of the SDK but its sibling.
import { concatBytes } from './bytes.js';

/**
 * Reads a request's body, at most `limit` bytes, while it streams in: an oversize body is
 * refused (`undefined`) without being buffered whole. An absent body reads as zero bytes.
 * When `signal` aborts, the stream is cancelled (a pending read ends at once, and the runtime
 * may drop the rest of the upload) and this rejects with the signal's reason.
 */
export async function readBodyWithin(request: Request, limit: number, signal?: AbortSignal): Promise<Uint8Array | undefined> {
  if (Number(request.headers.get('content-length')) > limit) return undefined;
  if (request.body === null) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      // A cancelled stream reads as done: the body is cut short, not complete.
      signal?.throwIfAborted();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        return undefined;
      }
      chunks.push(value);
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
  return concatBytes(chunks, size);
}
