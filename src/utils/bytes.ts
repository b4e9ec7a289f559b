// Leaf helper: imports nothing, so the HTTP core, the webhooks entry and the testing kit can all
// share it without one reaching into another.

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
