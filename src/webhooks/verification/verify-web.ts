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
} from '../inputs.js';
import { hmacKey } from './key-cache.js';
import { bytesToHex, parseSignatureHeader, type SignatureCheck } from './signature-header.js';

const encoder = /* @__PURE__ */ new TextEncoder();

// Plain promise chains, not async functions: each async layer costs ticks that
// show at 1 KB bodies, where the HMAC itself takes only microseconds.
function hmac(data: Uint8Array, key: string | Uint8Array): Promise<ArrayBuffer> {
  // Web Crypto refuses views of a SharedArrayBuffer, which node:crypto hashes: copy those.
  const source = data.buffer instanceof ArrayBuffer ? (data as Uint8Array<ArrayBuffer>) : data.slice();
  const cached = hmacKey(key);
  // A thenable check, not `instanceof Promise`: in another realm (edge VMs, vm contexts)
  // Web Crypto's promises come from the host and fail `instanceof`.
  return typeof (cached as { then?: unknown }).then === 'function'
    ? (cached as Promise<CryptoKey>).then((cryptoKey) => crypto.subtle.sign('HMAC', cryptoKey, source))
    : crypto.subtle.sign('HMAC', cached as CryptoKey, source);
}

/** Fixed-length XOR-accumulate: no early exit, and no reliance on `subtle.verify`. */
function equalBytes(mac: ArrayBuffer, expected: Uint8Array): boolean {
  const a = new Uint8Array(mac);
  let diff = a.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) diff |= (a[i] ?? 0) ^ (expected[i] ?? 0);
  return diff === 0;
}

/** @internal Throws the same TypeErrors as the sync check; call it inside an async function. */
export function checkSignatureAsync(
  payload: unknown,
  signature: unknown,
  secret: unknown,
  fn: string,
): SignatureCheck | Promise<SignatureCheck> {
  const data = checkPayload(payload, fn);
  checkSecret(secret, fn);
  checkSignatureType(signature, fn);
  const expected = parseSignatureHeader(signature as WebhookSignatureHeader);
  if (typeof expected === 'string') return expected;
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  if (!Array.isArray(secret)) {
    return hmac(bytes, keyMaterial(secret as WebhookSecretKey)).then((mac) =>
      equalBytes(mac, expected) ? 'ok' : 'signature_mismatch',
    );
  }
  return Promise.all(secretKeys(secret as WebhookSecret).map((key) => hmac(bytes, key))).then((macs) => {
    let matched = false;
    // Every key is compared, so timing does not reveal which rotation slot matched.
    for (const mac of macs) matched = equalBytes(mac, expected) || matched;
    return matched ? 'ok' : 'signature_mismatch';
  });
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
 *   async fetch(request: Request, env: { CREDIT_PLATFORM_WEBHOOK_SECRET: string }) {
 *     const body = await request.arrayBuffer();
 *     const ok = await verifyWebhookSignatureAsync(body, request.headers.get('x-webhook-signature'), env.CREDIT_PLATFORM_WEBHOOK_SECRET);
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
  return (await checkSignatureAsync(payload, signature, secret, 'verifyWebhookSignatureAsync')) === 'ok';
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
  const data = checkPayload(payload, 'signWebhookPayloadAsync');
  checkSecret(secret, 'signWebhookPayloadAsync', false);
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  return bytesToHex(new Uint8Array(await hmac(bytes, keyMaterial(secret))));
}
