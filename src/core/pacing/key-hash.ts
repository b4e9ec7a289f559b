// Stores see a hash of the API key, never the key: a Redis dump, a MONITOR session or a key
// listing must not hand out credentials. Web Crypto, so the root entry loads no `node:*` module.

/** The first 128 bits of SHA-256 over a domain-separated key, in hex. */
export async function hashApiKey(apiKey: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`credit-platform:pacing:${apiKey}`));
  return Array.from(new Uint8Array(digest, 0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Remembers the last key's hash: a key changes rarely (rotation), requests often. */
export function createKeyHasher(): (apiKey: string) => Promise<string> {
  let lastKey: string | undefined;
  let lastHash: Promise<string>;
  return (apiKey) => {
    if (apiKey !== lastKey) {
      lastKey = apiKey;
      lastHash = hashApiKey(apiKey);
    }
    return lastHash;
  };
}
