// Parsing of the X-Webhook-Signature value. Attacker-controlled: nothing here
// throws, whatever the string. No `node:*` import.

/** Why a header could not be compared at all. */
export type SignatureHeaderProblem = 'missing_signature' | 'malformed_signature';

/** Outcome of a signature check, shared by both verifiers and `constructWebhookEvent`. */
export type SignatureCheck = 'ok' | SignatureHeaderProblem | 'signature_mismatch';

/**
 * Returns the header's 64 lowercase hex digits, or the reason the header is unusable.
 * Only spaces and tabs around the value are dropped (RFC 9110 optional whitespace);
 * everything else must match exactly: 64 lowercase hex digits, no prefix, no
 * uppercase, no 65th digit. It allocates nothing for a well-formed header: this runs on
 * every delivery, and at 1 KB bodies the HMAC itself takes only a few microseconds.
 * The caller has checked the type with `checkSignatureType`.
 */
export function readSignatureHex(header: string | readonly string[] | null | undefined): string | SignatureHeaderProblem {
  // A repeated header (two values) is refused; no value, an empty list or a blank value is missing.
  if (typeof header !== 'string' && header != null && header.length > 1) return 'malformed_signature';
  const trimmed = trimOws((typeof header === 'string' ? header : header?.[0]) ?? '');
  if (trimmed.length === 0) return 'missing_signature';
  let bad = trimmed.length === 64 ? 0 : -1;
  // A digit or a-f leaves the sign bit of `bad` clear; anything else sets it.
  for (let i = 0; i < 64 && bad >= 0; i++) {
    const code = trimmed.charCodeAt(i);
    bad |= ((code - 0x30) | (0x39 - code)) & ((code - 0x61) | (0x66 - code));
  }
  return bad < 0 ? 'malformed_signature' : trimmed;
}

/** Whether {@link readSignatureHex} refused the header: its problems are never 64 characters long. */
export function isHeaderProblem(value: string): value is SignatureHeaderProblem {
  return value.length !== 64;
}

/**
 * Compares a computed MAC with the header's digits, both 64 lowercase hex characters, in
 * time that does not depend on where they differ: fixed length, XOR-accumulate, no early exit.
 */
export function equalHex(mac: string, expected: string): boolean {
  let diff = 0;
  for (let i = 0; i < 64; i++) diff |= mac.charCodeAt(i) ^ expected.charCodeAt(i);
  return diff === 0;
}

/** The 32 MAC bytes the header names, or the reason the header is unusable (see {@link readSignatureHex}). */
export function parseSignatureHeader(header: string | readonly string[] | null | undefined): Uint8Array | SignatureHeaderProblem {
  const hex = readSignatureHex(header);
  if (isHeaderProblem(hex)) return hex;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = (nibble(hex.charCodeAt(2 * i)) << 4) | nibble(hex.charCodeAt(2 * i + 1));
  return bytes;
}

// Spaces and tabs only: String.prototype.trim would also drop newlines and Unicode spaces.
function trimOws(value: string): string {
  return /^[ \t]|[ \t]$/.test(value) ? value.replace(/^[ \t]+|[ \t]+$/g, '') : value;
}

/** The value of one lowercase hex digit (the caller has checked it is one). */
function nibble(code: number): number {
  return code <= 0x39 ? code - 0x30 : code - 0x57;
}

const HEX = /* @__PURE__ */ Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Lowercase hex of bytes, as the service writes signatures. */
export function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += HEX[byte];
  return out;
}
