// HMAC-SHA256 by its definition (RFC 2104), H((K ^ opad) || H((K ^ ipad) || data)), on node:crypto's
// one-shot `hash`, for constructWebhookEvent and the Node receiver. At 1 KB it costs two thirds of
// createHmac with a cached KeyObject on Node 24 (2.2 µs against 3.4 µs, bench/webhooks/hmac.ts):
// the one-shot calls build no Hmac object and set up no key, and the padded keys are made once per
// secret. verifyWebhookSignature keeps createHmac (keyedHmacHex): this module does not fit in its
// 3 KB bundle.
import type * as NodeCrypto from 'node:crypto';
import type { WebhookSecretKey } from '../inputs.js';
import { type HmacHex, keyedHmacHex } from './verify-node.js';

const encoder = /* @__PURE__ */ new TextEncoder();

/** A key made ready: K ^ ipad, and K ^ opad followed by room for the inner digest. */
interface Pads {
  readonly inner: Uint8Array;
  readonly outer: Uint8Array;
}

// Per string secret. The pads are as good as the secret: they stay in this module and never reach
// an error or a log. At most 32 secrets, more than any rotation holds: a 33rd starts the map
// afresh, so a caller with a secret per call cannot grow it. Byte secrets are padded on every call
// (a refilled buffer is another key), which costs less than keying a cache by their content would.
const padsOfString = new Map<string, Pads>();
// `(K ^ ipad) || data` is written here, for bodies up to 16 KiB less the 64 bytes of the key:
// allocating an ArrayBuffer for each call cost half of the rest. Calls are synchronous, so no other
// call writes it meanwhile.
const SCRATCH_BYTES = 16_384;
let scratch: Uint8Array | undefined;

function padsOf(node: typeof NodeCrypto, key: WebhookSecretKey): Pads {
  // A byte key is never in the map: asking for one finds nothing.
  let pads = padsOfString.get(key as string);
  if (pads) return pads;
  let bytes = typeof key === 'string' ? encoder.encode(key) : ArrayBuffer.isView(key) ? key : new Uint8Array(key);
  // A key longer than the 64-byte block is hashed down first.
  if (bytes.length > 64) bytes = node.hash('sha256', bytes, 'buffer');
  pads = { inner: new Uint8Array(64), outer: new Uint8Array(96) };
  // Stryker disable next-line EqualityOperator: a 65th pass writes past both 64-byte arrays, which drops the write.
  for (let i = 0; i < 64; i++) {
    const byte = bytes[i] ?? 0;
    pads.inner[i] = byte ^ 0x36;
    pads.outer[i] = byte ^ 0x5c;
  }
  if (typeof key === 'string') {
    if (padsOfString.size >= 32) padsOfString.clear();
    padsOfString.set(key, pads);
  }
  return pads;
}

/**
 * @internal The lowercase hex HMAC-SHA256 of `data` under `key`. On createHmac (keyedHmacHex) where
 * node:crypto has no `hash`, and for a body past the scratch buffer: there the copy and the buffer
 * it would need cost more than createHmac's set-up saves (1.6 times createHmac's time at 64 KB).
 */
export const oneShotHmacHex: HmacHex = (node, data, key) => {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  const size = bytes.length + 64;
  if (typeof node.hash !== 'function' || size > SCRATCH_BYTES) return keyedHmacHex(node, bytes, key);
  const { inner, outer } = padsOf(node, key);
  scratch ??= new Uint8Array(SCRATCH_BYTES);
  const message = scratch.subarray(0, size);
  message.set(inner);
  message.set(bytes, 64);
  // binary (latin1): one char per byte, read back below without a Buffer.
  const digest = node.hash('sha256', message, 'binary');
  // Stryker disable next-line EqualityOperator: a 33rd pass writes past the 96-byte array, which drops the write.
  for (let i = 0; i < 32; i++) outer[i + 64] = digest.charCodeAt(i);
  return node.hash('sha256', outer, 'hex');
};
