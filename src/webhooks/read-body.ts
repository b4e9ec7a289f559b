// Reading a request body with a size limit, shared by the Fetch-style webhook receiver and the
// testing kit's fake (which may import from webhooks/, never the other way round).

/** Joins byte chunks whose total length is `size` into one array (the chunk itself when there is one). */
export function concatBytes(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

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

/**
 * Calls `expire` after `ms` milliseconds, unless the returned function is called first (it clears
 * the timer). No timer at all for a deadline a timer cannot hold: `Infinity`, or anything beyond
 * 2^31 - 1 ms, which `setTimeout` would fire at once.
 */
export function startDeadline(ms: number, expire: () => void): () => void {
  if (!(ms <= 2_147_483_647)) return () => undefined;
  const timer = setTimeout(expire, ms);
  return () => clearTimeout(timer);
}
