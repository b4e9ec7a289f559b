// Imported HMAC keys for the Web Crypto variant. Importing a key costs more than
// the HMAC of a small body, so each secret is imported once and reused.
// No `node:*` import.

const MAX_KEYS = 32;
// Strings are keyed as they are (no per-call key building); bytes by their content,
// not identity, since a caller may reuse a buffer.
const byString = new Map<string, CryptoKey | Promise<CryptoKey>>();
const byBytes = new Map<string, CryptoKey | Promise<CryptoKey>>();
const encoder = /* @__PURE__ */ new TextEncoder();

function bytesId(key: Uint8Array): string {
  let id = '';
  // Stryker disable next-line EqualityOperator: one more pass at i = length appends an empty string.
  for (let i = 0; i < key.length; i += 4096) id += String.fromCharCode(...key.subarray(i, i + 4096));
  return id;
}

/** The non-extractable HMAC-SHA256 `CryptoKey` for a secret, imported at most once. */
export function hmacKey(key: string | Uint8Array): Promise<CryptoKey> | CryptoKey {
  // Stryker disable next-line EqualityOperator: swapped, the two kinds still never share a map.
  const cache = typeof key === 'string' ? byString : byBytes;
  const id = typeof key === 'string' ? key : bytesId(key);
  const cached = cache.get(id);
  if (cached !== undefined) return cached;
  // Stryker disable next-line MethodExpression: importKey copies the bytes before it returns (Web Crypto spec, and Node): this copy is only a guard.
  const raw = typeof key === 'string' ? encoder.encode(key) : key.slice();
  const imported = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  // Once imported, the key itself is cached, saving a promise tick per call.
  // A failed import must not stick; the oldest entry goes first when full.
  imported.then(
    (cryptoKey) => cache.get(id) === imported && cache.set(id, cryptoKey),
    () => cache.delete(id),
  );
  if (cache.size >= MAX_KEYS) cache.delete(cache.keys().next().value as string);
  cache.set(id, imported);
  return imported;
}
