// Parsing of the X-Webhook-Signature value. Attacker-controlled: nothing here
// throws, whatever the string. No `node:*` import.

/** Why a header could not be compared at all. */
export type SignatureHeaderProblem = 'missing_signature' | 'malformed_signature';

/** Outcome of a signature check, shared by both verifiers and `constructWebhookEvent`. */
export type SignatureCheck = 'ok' | SignatureHeaderProblem | 'signature_mismatch';

/**
 * Returns the 32 MAC bytes the header names, or the reason the header is unusable.
 * Only spaces and tabs around the value are dropped (RFC 9110 optional whitespace);
 * everything else must match exactly: 64 lowercase hex digits, no prefix, no
 * uppercase, no 65th digit. Validation and decoding are one pass over the characters
 * (both verifiers need the bytes, and this runs on every delivery).
 * The caller has checked the type with `checkSignatureType`.
 */
export function parseSignatureHeader(header: string | readonly string[] | null | undefined): Uint8Array | SignatureHeaderProblem {
  let value: string | undefined;
  if (typeof header === 'string') value = header;
  else if (header == null || header.length === 0) return 'missing_signature';
  else if (header.length > 1) return 'malformed_signature';
  else value = header[0];
  if (value === undefined) return 'missing_signature';
  const trimmed = trimOws(value);
  if (trimmed.length === 0) return 'missing_signature';
  if (trimmed.length !== 64) return 'malformed_signature';
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) {
    const high = nibble(trimmed.charCodeAt(2 * i));
    const low = nibble(trimmed.charCodeAt(2 * i + 1));
    if ((high | low) < 0) return 'malformed_signature';
    bytes[i] = (high << 4) | low;
  }
  return bytes;
}

// Spaces and tabs only: String.prototype.trim would also drop newlines and Unicode spaces.
function trimOws(value: string): string {
  return /^[ \t]|[ \t]$/.test(value) ? value.replace(/^[ \t]+|[ \t]+$/g, '') : value;
}

/** The value of one lowercase hex digit, or -1: uppercase and anything else are refused. */
function nibble(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x61 && code <= 0x66) return code - 0x57;
  return -1;
}

const HEX = /* @__PURE__ */ Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Lowercase hex of bytes, as the service writes signatures. */
export function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += HEX[byte];
  return out;
}
