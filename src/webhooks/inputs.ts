// Argument checks shared by the node:crypto and Web Crypto variants, so that both
// throw the very same TypeError for the very same call. No `node:*` import here.

/**
 * A raw webhook body: the exact string or bytes received, never a parsed object.
 *
 * @example
 * ```ts
 * import type { WebhookPayload } from 'credit-platform/webhooks';
 * const payload: WebhookPayload = await request.arrayBuffer();
 * ```
 */
export type WebhookPayload = string | Uint8Array | ArrayBuffer;

/**
 * One subscription secret, as a string (UTF-8 encoded) or as bytes.
 *
 * @example
 * ```ts
 * import type { WebhookSecretKey } from 'credit-platform/webhooks';
 * const key: WebhookSecretKey = process.env.CREDIT_PLATFORM_WEBHOOK_SECRET ?? '';
 * ```
 */
export type WebhookSecretKey = string | Uint8Array | ArrayBuffer;

/**
 * The secret, or a list of secrets while rotating: any member that matches verifies.
 *
 * @example
 * ```ts
 * import type { WebhookSecret } from 'credit-platform/webhooks';
 * const secret: WebhookSecret = [process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!, process.env.CREDIT_PLATFORM_WEBHOOK_SECRET_PREVIOUS!];
 * ```
 */
export type WebhookSecret = WebhookSecretKey | readonly WebhookSecretKey[];

/**
 * A signature header value as HTTP frameworks hand it over: `req.headers[...]` in
 * Node (string, string array or undefined) or `headers.get(...)` (string or null).
 *
 * @example
 * ```ts
 * import type { WebhookSignatureHeader } from 'credit-platform/webhooks';
 * const header: WebhookSignatureHeader = req.headers['x-webhook-signature'];
 * ```
 */
export type WebhookSignatureHeader = string | readonly string[] | null | undefined;

function isUint8Array(value: unknown): value is Uint8Array {
  // The tag check also accepts Buffer and arrays from another realm (vm, workers).
  return ArrayBuffer.isView(value) && (value as Uint8Array)[Symbol.toStringTag] === 'Uint8Array';
}

function isArrayBuffer(value: unknown): value is ArrayBuffer {
  return value instanceof ArrayBuffer || Object.prototype.toString.call(value) === '[object ArrayBuffer]';
}

/** A type name for messages; never the value, which may be a secret. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === '') return 'an empty string';
  if (typeof value !== 'object') return typeof value;
  if (Array.isArray(value)) return 'an array';
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== '' && name !== 'Object' ? `a ${name} object` : 'a plain object';
}

/** Checks the payload and returns it as a string or a Uint8Array (a view, never a copy). */
export function checkPayload(payload: unknown, fn: string): string | Uint8Array {
  if (typeof payload === 'string' || isUint8Array(payload)) return payload;
  if (isArrayBuffer(payload)) return new Uint8Array(payload);
  const body = payload as { then?: unknown; arrayBuffer?: unknown } | null | undefined;
  const fix =
    typeof body?.then === 'function'
      ? '`await` the body first'
      : typeof body?.arrayBuffer === 'function'
        ? 'pass `await request.arrayBuffer()` or `await request.text()`, not the request'
        : // A parsed object is the usual case: re-serialised JSON is not the bytes that were signed.
          "pass the raw body, not parsed JSON: `express.raw({ type: 'application/json' })` in Express, `await request.arrayBuffer()` with Fetch";
  throw new TypeError(`${fn}: payload must be a string, Uint8Array or ArrayBuffer; got ${describe(payload)}: ${fix}.`);
}

function isSecretKey(value: unknown): boolean {
  return typeof value === 'string' ? value.length > 0 : (isUint8Array(value) || isArrayBuffer(value)) && value.byteLength > 0;
}

/** Throws unless `secret` is a non-empty key, or (if `allowList`) a non-empty list of them. */
export function checkSecret(secret: unknown, fn: string, allowList = true): void {
  const list = Array.isArray(secret) && allowList;
  if (list ? secret.length > 0 && secret.every(isSecretKey) : isSecretKey(secret)) return;
  const bad = list ? secret.find((key) => !isSecretKey(key)) : secret;
  const item = isUint8Array(bad) || isArrayBuffer(bad) ? 'empty bytes' : describe(bad);
  const got = !list ? item : secret.length === 0 ? 'an empty list' : `a list holding ${item}`;
  throw new TypeError(
    `${fn}: secret must be a non-empty string, Uint8Array or ArrayBuffer${allowList ? ', or a non-empty list of them' : ''}; got ${got}.` +
      (bad === undefined || bad === '' ? ' Is the environment variable holding the secret set?' : ''),
  );
}

/** Throws for header values that no HTTP request can produce (a programmer error). */
export function checkSignatureType(signature: unknown, fn: string): void {
  if (signature == null || typeof signature === 'string') return;
  if (Array.isArray(signature) && signature.every((value) => typeof value === 'string')) return;
  throw new TypeError(
    `${fn}: signature must be the header value (string, string array, null or undefined); got ${describe(signature)}: ` +
      "pass `headers.get('x-webhook-signature')` or `req.headers['x-webhook-signature']`.",
  );
}

/** One key as node:crypto and Web Crypto take it: a string, or a view of the bytes. */
export function keyMaterial(key: WebhookSecretKey): string | Uint8Array {
  return typeof key === 'string' || isUint8Array(key) ? key : new Uint8Array(key);
}

/** Every key of a secret; call only after {@link checkSecret} passed. */
export function secretKeys(secret: WebhookSecret): readonly (string | Uint8Array)[] {
  return Array.isArray(secret)
    ? (secret as readonly WebhookSecretKey[]).map(keyMaterial)
    : [keyMaterial(secret as WebhookSecretKey)];
}

/** True if a string secret starts or ends with whitespace: a common copy-paste slip. */
export function secretHasEdgeWhitespace(secret: WebhookSecret): boolean {
  const list = Array.isArray(secret) ? (secret as readonly WebhookSecretKey[]) : [secret as WebhookSecretKey];
  // Stryker disable next-line ConditionalExpression: bytes stringify as digits and commas (or "[object ArrayBuffer]"), never with whitespace at an edge.
  return list.some((key) => typeof key === 'string' && /^\s|\s$/.test(key));
}
