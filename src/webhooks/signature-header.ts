// Parsing of the X-Webhook-Signature value. Attacker-controlled: nothing here
// throws, whatever the string. No `node:*` import.

/** Why a header could not be compared at all. */
export type SignatureHeaderProblem = 'missing_signature' | 'malformed_signature';

/** Outcome of a signature check, shared by both verifiers and `constructWebhookEvent`. */
export type SignatureCheck = 'ok' | SignatureHeaderProblem | 'signature_mismatch';

const HEX_DIGIT = /^[0-9a-f]{64}$/;

/**
 * Returns the 64 lowercase hex digits, or the reason the header is unusable.
 * Only spaces and tabs around the value are dropped (RFC 9110 optional whitespace);
 * everything else must match exactly: no prefix, no uppercase, no 65th digit.
 * The caller has checked the type with `checkSignatureType`.
 */
export function parseSignatureHeader(
  header: string | readonly string[] | null | undefined,
): string | SignatureHeaderProblem {
  let value: string | undefined;
  if (typeof header === 'string') value = header;
  else if (header == null || header.length === 0) return 'missing_signature';
  else if (header.length > 1) return 'malformed_signature';
  else value = header[0];
  if (value === undefined) return 'missing_signature';
  const trimmed = trimOws(value);
  if (trimmed.length === 0) return 'missing_signature';
  return trimmed.length === 64 && HEX_DIGIT.test(trimmed) ? trimmed : 'malformed_signature';
}

function isOws(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

function trimOws(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && isOws(value.charCodeAt(start))) start++;
  while (end > start && isOws(value.charCodeAt(end - 1))) end--;
  return start === 0 && end === value.length ? value : value.slice(start, end);
}

/** Decodes 64 validated lowercase hex digits into 32 bytes. */
export function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length >>> 1);
  for (let i = 0; i < bytes.length; i++) {
    bytes[i] = (nibble(hex.charCodeAt(2 * i)) << 4) | nibble(hex.charCodeAt(2 * i + 1));
  }
  return bytes;
}

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
