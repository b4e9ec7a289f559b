import type { ErrorItem } from '../errors/error-item.js';

const REDACTED = '[REDACTED]';
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * Replaces every occurrence of each secret in `text`. Applied to every string built from
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

/** Every field of every error item, redacted: the service may echo the key in any of them. */
export function redactItems(items: readonly ErrorItem[], secrets: readonly string[]): ErrorItem[] {
  return items.map((item) => {
    const out: ErrorItem = { field: redact(item.field, secrets), message: redact(item.message, secrets) };
    if (item.code !== undefined) out.code = redact(item.code, secrets);
    return out;
  });
}

/** Response headers as errors keep them: values redacted, and shown by `util.inspect` as a plain object. */
export class InspectableHeaders extends Headers {
  [INSPECT](): Record<string, string> {
    return Object.fromEntries(this);
  }

  toJSON(): Record<string, string> {
    return Object.fromEntries(this);
  }
}

/** A copy of `headers` with every value redacted. */
export function redactHeaders(headers: Headers, secrets: readonly string[]): InspectableHeaders {
  const out = new InspectableHeaders();
  for (const [name, value] of headers) out.append(name, redact(value, secrets));
  return out;
}

/**
 * The `cause` an SDK error keeps: the original when no message in its chain holds a secret,
 * else a copy of the chain with the messages redacted (the code and name kept for diagnosis).
 */
export function redactCause(cause: unknown, secrets: readonly string[], depth = 0): unknown {
  if (!(cause instanceof Error) || depth > 4) return cause;
  const inner = redactCause(cause.cause, secrets, depth + 1);
  const message = redact(cause.message, secrets);
  const stack = cause.stack === undefined ? undefined : redact(cause.stack, secrets);
  if (message === cause.message && stack === cause.stack && inner === cause.cause) return cause;
  const copy = new Error(message, inner === undefined ? undefined : { cause: inner });
  copy.name = cause.name;
  copy.stack = stack ?? `${cause.name}: ${message}`;
  const code = (cause as { code?: unknown }).code;
  if (typeof code === 'string') Object.assign(copy, { code });
  return copy;
}
