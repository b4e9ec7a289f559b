// The synchronous verifier on node:crypto. node:crypto is loaded on first use through
// process.getBuiltinModule (Node 22.3+, Bun, Deno) rather than a static import, so that
// importing `credit-platform` or `credit-platform/webhooks` works on edge runtimes too, where
// only the Web Crypto variant can run.
import type * as NodeCrypto from 'node:crypto';
import {
  checkPayload,
  checkSecret,
  checkSignatureType,
  keyMaterial,
  type WebhookPayload,
  type WebhookSecret,
  type WebhookSecretKey,
  type WebhookSignatureHeader,
} from '../inputs.js';
import { compareHex, isHeaderProblem, type SignatureCheck, signatureText } from './signature-header.js';

let nodeCrypto: typeof NodeCrypto | undefined;

/** @internal node:crypto, or `undefined` on a runtime without it (an edge function, a worker). */
export function loadNodeCrypto(): typeof NodeCrypto | undefined {
  nodeCrypto ??= (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.(
    'node:crypto',
  ) as typeof NodeCrypto | undefined;
  return nodeCrypto;
}

function crypto(fn: string): typeof NodeCrypto {
  const node = loadNodeCrypto();
  if (node) return node;
  throw new TypeError(`${fn} needs node:crypto; use ${fn}Async on this runtime.`);
}

// A secret's KeyObject is made once and reused, like the Web Crypto variant's CryptoKeys: at 1 KB
// createHmac over a cached KeyObject costs 0.92 of createHmac handed a string secret, and 0.18 of
// one handed a byte secret (on Node 24 node looks for key-object slots on every call;
// bench/webhooks/hmac.ts). Byte secrets are keyed by their content at the time of the call, not
// by the object (a caller may refill a buffer), one char per byte, in a map of their own: the
// string 'é' is the UTF-8 key C3 A9, the byte E9 is not. Building that id costs 0.1 to 0.3 µs up
// to 64 bytes but about 5 µs at 1 KB, and an apply of a huge secret throws, so only secrets up to
// 64 bytes (SHA-256's block: HMAC hashes a longer key down first) are cached; longer ones are
// passed as they are. Each map keeps at most 32 secrets, more than any rotation holds: a 33rd
// starts it afresh, so a caller with a secret per call cannot grow it. Like the string keys, the
// ids are secrets: they stay in this module and never reach an error or a log.
const keyObjects = new Map<string, NodeCrypto.KeyObject>();
const byteKeyObjects = new Map<string, NodeCrypto.KeyObject>();

function keyObject(node: typeof NodeCrypto, key: WebhookSecretKey): NodeCrypto.KeyObject | Uint8Array {
  const material = keyMaterial(key);
  if (typeof material !== 'string' && material.length > 64) return material;
  // Stryker disable next-line EqualityOperator: swapped, the two kinds still never share a map.
  const cache = typeof material === 'string' ? keyObjects : byteKeyObjects;
  const id = typeof material === 'string' ? material : String.fromCharCode.apply(null, material as unknown as number[]);
  let object = cache.get(id);
  if (!object) {
    if (cache.size >= 32) cache.clear();
    // Stryker disable next-line ConditionalExpression,EqualityOperator: node reads a string key as UTF-8 by default and ignores the encoding for bytes, so either call makes the same key.
    object = typeof material === 'string' ? node.createSecretKey(material, 'utf8') : node.createSecretKey(material);
    cache.set(id, object);
  }
  return object;
}

/** @internal The lowercase hex HMAC-SHA256 of `data` under `key`, on createHmac with the cached KeyObject. */
export function hmacHex(node: typeof NodeCrypto, data: string | Uint8Array, key: WebhookSecretKey): string {
  return node.createHmac('sha256', keyObject(node, key)).update(data).digest('hex');
}

/** @internal */
export function checkSignatureSync(payload: unknown, signature: unknown, secret: unknown, fn: string): SignatureCheck {
  // Programmer errors first, before the attacker-controlled header is looked at.
  const data = checkPayload(payload, fn);
  checkSecret(secret, fn);
  checkSignatureType(signature, fn);
  const header = signatureText(signature as WebhookSignatureHeader);
  if (isHeaderProblem(header)) return header;
  const node = crypto(fn);
  // The MAC is compared as hex text: node:crypto writes the hex digest natively, which profiled
  // cheaper than decoding the header into bytes plus a Buffer for timingSafeEqual (together a
  // third of the cost of verifying 1 KB). compareHex is constant-time, like timingSafeEqual, and
  // checks the header's digits in the same pass: negative if the header holds anything but 64
  // lowercase hex digits, 0 on a match.
  // Every key of a rotation list is tried, so timing does not reveal which slot matched: the
  // smallest difference wins (negative, a non-hex header, is the same for every key). One
  // secret, the common case, is not wrapped in a list and a for-of loop: V8 then compiled the
  // HMAC calls inside the loop's implicit try/finally (which closes the iterator), and that
  // measured about 5% of verifying 1 KB.
  const diff = Array.isArray(secret)
    ? (secret as readonly WebhookSecretKey[]).reduce((min, key) => Math.min(min, compareHex(hmacHex(node, data, key), header)), 1)
    : compareHex(hmacHex(node, data, secret as WebhookSecretKey), header);
  return diff < 0 ? 'malformed_signature' : diff ? 'signature_mismatch' : 'ok';
}

/**
 * Verifies a delivery's `X-Webhook-Signature` against the raw body, in constant time,
 * on `node:crypto`. Any header an HTTP request can produce (missing, empty, wrong
 * length, non-hex, repeated) gives `false`, never a throw. Programmer errors throw a
 * `TypeError` that says how to fix the call: a parsed object or a Promise as payload,
 * a missing or empty secret, a `Headers` object as signature.
 *
 * @param payload - The raw body exactly as received (string, Uint8Array/Buffer or ArrayBuffer).
 * @param signature - The header value, e.g. `req.headers['x-webhook-signature']`.
 * @param secret - The subscription secret, or a list of secrets while rotating.
 * @returns `true` if the signature matches for at least one secret.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { verifyWebhookSignature } from 'credit-platform/webhooks';
 *
 * const app = express();
 * app.post('/webhooks', express.raw({ type: 'application/json' }), (req, res) => {
 *   if (!verifyWebhookSignature(req.body, req.headers['x-webhook-signature'], process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!)) {
 *     return res.sendStatus(401);
 *   }
 *   res.sendStatus(200);
 * });
 * ```
 */
export function verifyWebhookSignature(
  payload: WebhookPayload,
  signature: WebhookSignatureHeader,
  secret: WebhookSecret,
): boolean {
  return checkSignatureSync(payload, signature, secret, 'verifyWebhookSignature') === 'ok';
}

/**
 * Computes the lowercase hex HMAC-SHA256 signature the service would send for
 * `payload`, for tests and fake deliveries. Sign the exact bytes you will send.
 *
 * @param payload - The exact body to be sent.
 * @param secret - One secret (not a list).
 * @returns 64 lowercase hex digits, the value of `X-Webhook-Signature`.
 *
 * @example
 * ```ts
 * import { signWebhookPayload } from 'credit-platform/webhooks';
 * const body = JSON.stringify({ id: 'evt_1', type: 'score.updated', timestamp: new Date().toISOString(), data: {} });
 * await fetch('http://127.0.0.1:3000/webhooks', { method: 'POST', body, headers: { 'x-webhook-signature': signWebhookPayload(body, 'whsec_test') } });
 * ```
 */
export function signWebhookPayload(payload: WebhookPayload, secret: WebhookSecretKey): string {
  const data = checkPayload(payload, 'signWebhookPayload');
  checkSecret(secret, 'signWebhookPayload', false);
  return crypto('signWebhookPayload').createHmac('sha256', keyMaterial(secret)).update(data).digest('hex');
}
