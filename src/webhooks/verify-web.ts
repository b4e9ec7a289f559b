// The Web Crypto variant, for edge runtimes (Bun, Deno, workers). It shares the
// argument checks and header parsing with the node:crypto variant, so both give the
// same result and the same TypeError on every input. No `node:*` import.
import {
  checkPayload,
  checkSecret,
  checkSignatureType,
  keyMaterial,
  secretKeys,
  type WebhookPayload,
  type WebhookSecret,
  type WebhookSecretKey,
  type WebhookSignatureHeader,
} from './inputs.js';
import { hmacKey } from './key-cache.js';
import { bytesToHex, hexToBytes, parseSignatureHeader, type SignatureCheck } from './signature-header.js';

const encoder = new TextEncoder();

async function hmac(data: Uint8Array, key: string | Uint8Array): Promise<Uint8Array> {
  // Web Crypto refuses views of a SharedArrayBuffer, which node:crypto hashes: copy those.
  const source = data.buffer instanceof ArrayBuffer ? (data as Uint8Array<ArrayBuffer>) : data.slice();
  const cached = hmacKey(key);
  const cryptoKey = cached instanceof Promise ? await cached : cached;
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, source));
}

/** Fixed-length XOR-accumulate: no early exit, and no reliance on `subtle.verify`. */
function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/** @internal */
export async function checkSignatureAsync(
  payload: unknown,
  signature: unknown,
  secret: unknown,
  fn: string,
): Promise<SignatureCheck> {
  const data = checkPayload(payload, fn);
  checkSecret(secret, fn);
  checkSignatureType(signature, fn);
  const hex = parseSignatureHeader(signature as WebhookSignatureHeader);
  if (hex === 'missing_signature' || hex === 'malformed_signature') return hex;
  const expected = hexToBytes(hex);
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  if (!Array.isArray(secret)) {
    return equalBytes(await hmac(bytes, keyMaterial(secret as WebhookSecretKey)), expected) ? 'ok' : 'signature_mismatch';
  }
  const macs = await Promise.all(secretKeys(secret as WebhookSecret).map((key) => hmac(bytes, key)));
  let matched = false;
  for (const mac of macs) matched = equalBytes(mac, expected) || matched;
  return matched ? 'ok' : 'signature_mismatch';
}

/**
 * The Web Crypto twin of `verifyWebhookSignature`, for runtimes without `node:crypto`
 * (edge functions, workers, Deno, Bun). Same result and same `TypeError` on every
 * input; a `TypeError` arrives as a rejected promise. Imported keys are cached per secret.
 *
 * @param payload - The raw body exactly as received, e.g. `await request.arrayBuffer()`.
 * @param signature - The header value, e.g. `request.headers.get('x-webhook-signature')`.
 * @param secret - The subscription secret, or a list of secrets while rotating.
 * @returns A promise of `true` if the signature matches for at least one secret.
 *
 * @example
 * ```ts
 * import { verifyWebhookSignatureAsync } from 'credit-platform/webhooks';
 *
 * export default {
 *   async fetch(request: Request, env: { WEBHOOK_SECRET: string }) {
 *     const body = await request.arrayBuffer();
 *     const ok = await verifyWebhookSignatureAsync(body, request.headers.get('x-webhook-signature'), env.WEBHOOK_SECRET);
 *     return new Response(null, { status: ok ? 200 : 401 });
 *   },
 * };
 * ```
 */
export async function verifyWebhookSignatureAsync(
  payload: WebhookPayload,
  signature: WebhookSignatureHeader,
  secret: WebhookSecret,
): Promise<boolean> {
  return (await checkSignatureAsync(payload, signature, secret, 'verifyWebhookSignature')) === 'ok';
}

/**
 * The Web Crypto twin of `signWebhookPayload`: the lowercase hex signature of `payload`.
 *
 * @param payload - The exact body to be sent.
 * @param secret - One secret (not a list).
 * @returns A promise of 64 lowercase hex digits.
 *
 * @example
 * ```ts
 * import { signWebhookPayloadAsync } from 'credit-platform/webhooks';
 * const signature = await signWebhookPayloadAsync('{"id":"evt_1"}', 'whsec_test');
 * ```
 */
export async function signWebhookPayloadAsync(payload: WebhookPayload, secret: WebhookSecretKey): Promise<string> {
  const data = checkPayload(payload, 'signWebhookPayload');
  checkSecret(secret, 'signWebhookPayload', false);
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  return bytesToHex(await hmac(bytes, keyMaterial(secret)));
}
