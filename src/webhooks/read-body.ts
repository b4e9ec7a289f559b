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
 */
export async function readBodyWithin(request: Request, limit: number): Promise<Uint8Array | undefined> {
  if (Number(request.headers.get('content-length')) > limit) return undefined;
  if (request.body === null) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return concatBytes(chunks, size);
}
