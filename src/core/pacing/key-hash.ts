// Stores see a hash of the API key, never the key: a Redis dump, a MONITOR session or a key
// listing must not hand out credentials. Web Crypto, so the root entry loads no `node:*` module.

const encoder = new TextEncoder();

/** The first 128 bits of SHA-256 over a domain-separated key, in hex. */
export async function hashApiKey(apiKey: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(`credit-platform:pacing:${apiKey}`)));
  let hex = '';
  for (let i = 0; i < 16; i++) hex += (digest[i] as number).toString(16).padStart(2, '0');
  return hex;
}

/** Remembers the last key's hash: a key changes rarely (rotation), requests often. */
export function createKeyHasher(): (apiKey: string) => Promise<string> {
  let last: { key: string; hash: Promise<string> } | undefined;
  return (apiKey) => {
    if (last?.key !== apiKey) last = { key: apiKey, hash: hashApiKey(apiKey) };
    return last.hash;
  };
}
