const REDACTED = '[REDACTED]';

/**
 * Replaces every occurrence of each secret in `text`. Applied to every message built from
 * something the server sent, since a misbehaving proxy or service may echo the key back.
 */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    // Very short "secrets" would shred ordinary words; a real key is never this short.
    if (secret.length >= 4 && out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}
