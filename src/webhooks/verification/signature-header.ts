// Parsing of the X-Webhook-Signature value. Attacker-controlled: nothing here
// throws, whatever the string. No `node:*` import.

/** Why a header could not be compared at all. */
export type SignatureHeaderProblem = 'missing_signature' | 'malformed_signature';

/** Outcome of a signature check, shared by both verifiers and `constructWebhookEvent`. */
export type SignatureCheck = 'ok' | SignatureHeaderProblem | 'signature_mismatch';

/**
 * Returns the header's value, spaces and tabs around it dropped (RFC 9110 optional whitespace),
 * if it is 64 characters long, or the reason the header is unusable. Whether those 64 characters
 * are lowercase hex digits is left to {@link compareHex}: the node:crypto verifier checks them in
 * the same pass that compares them with the MAC, which saves a second walk over the header on
 * every delivery (at 1 KB bodies the HMAC itself takes only about two microseconds).
 * It allocates nothing for a well-formed header. The caller has checked the type with
 * `checkSignatureType`.
 *
 * The header is unauthenticated, and a request may carry one of a megabyte. A valid value is
 * 64 hex digits plus at most 64 spaces or tabs around them (128 characters): HTTP parsers drop
 * that whitespace themselves (Node's llhttp, WHATWG `Headers`), so a value that still has some
 * came by another path (a framework's raw headers, a hand-written test), and 64 blanks is more
 * than any of them adds. Anything longer is refused before any other look at it, so judging a
 * header is constant work whatever its length. The blanks are then skipped by index from each
 * end, each character looked at once at most: no regular expression, which on a long run of
 * blanks followed by something else retried the run from every position (quadratic).
 */
export function signatureText(header: string | readonly string[] | null | undefined): string | SignatureHeaderProblem {
  const value = (typeof header === 'string' ? header : header?.[0]) ?? '';
  let end = value.length;
  // Too long to be valid, or a repeated header (two values): refused before anything else.
  if (end > 128 || (Array.isArray(header) && header.length > 1)) return 'malformed_signature';
  let start = 0;
  // Spaces and tabs only: not newlines, not Unicode spaces (spec rule 4).
  while (start < end && ' \t'.includes(value[start] as string)) start++;
  while (end > start && ' \t'.includes(value[end - 1] as string)) end--;
  // No value, an empty list or a blank value is missing.
  if (start === end) return 'missing_signature';
  // A slice of the whole string is the string itself: no copy for a header without blanks.
  return end - start === 64 ? value.slice(start, end) : 'malformed_signature';
}

/** Whether {@link signatureText} or {@link readSignatureHex} refused the header: its problems are never 64 characters long. */
export function isHeaderProblem(value: string): value is SignatureHeaderProblem {
  return value.length !== 64;
}

/**
 * Compares a computed MAC (64 lowercase hex digits) with the header's 64 characters and checks
 * at once that those are lowercase hex digits: negative if one is not (the header is malformed),
 * 0 if they equal the MAC, positive if they differ. Fixed length, XOR-accumulate, no early exit,
 * so the time does not depend on where they differ.
 */
export function compareHex(mac: string, header: string): number {
  let bad = 0;
  let diff = 0;
  for (let i = 0; i < 64; i++) {
    const code = header.charCodeAt(i);
    // A digit or a-f leaves the sign bit of `bad` clear; anything else sets it.
    bad |= ((code - 0x30) | (0x39 - code)) & ((code - 0x61) | (0x66 - code));
    diff |= code ^ mac.charCodeAt(i);
  }
  // `bad >> 31` is -1 once the sign bit is set, 0 otherwise.
  return (bad >> 31) | diff;
}

/**
 * Returns the header's 64 lowercase hex digits, or the reason the header is unusable:
 * {@link signatureText}, then the digits checked. Everything but the optional whitespace
 * must match exactly: 64 lowercase hex digits, no prefix, no uppercase, no 65th digit.
 */
export function readSignatureHex(header: string | readonly string[] | null | undefined): string | SignatureHeaderProblem {
  const text = signatureText(header);
  // Compared with itself, the text differs nowhere: only the digit check can make it negative.
  return isHeaderProblem(text) || compareHex(text, text) === 0 ? text : 'malformed_signature';
}

/** The 32 MAC bytes the header names, or the reason the header is unusable (see {@link readSignatureHex}). */
export function parseSignatureHeader(header: string | readonly string[] | null | undefined): Uint8Array | SignatureHeaderProblem {
  const hex = readSignatureHex(header);
  if (isHeaderProblem(hex)) return hex;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = (nibble(hex.charCodeAt(2 * i)) << 4) | nibble(hex.charCodeAt(2 * i + 1));
  return bytes;
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
