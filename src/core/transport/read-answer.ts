import { EXCERPT_LENGTH } from '../../errors/excerpt.js';
import { InvalidResponseError } from '../../errors/index.js';
import { withoutProtoKeys } from '../../utils/proto-keys.js';
import { redact, redactExcerpt } from '../redaction/redact.js';
import type { CallContext, HttpResult } from '../types.js';
import { utf8 } from './call-state.js';
import { apiErrorFromResponse } from './error-from-status.js';

/**
 * Reads a 2xx answer whose body the call has read whole: unwraps its envelope into the call's
 * {@link HttpResult}, or throws the error the envelope describes.
 */
export function readAnswer(response: Response, body: Uint8Array, context: CallContext, requestId: string): HttpResult {
  const text = utf8.decode(body);
  const data = unwrapEnvelope(response.status, response.headers, text, context);
  return new CallResult(data, response, text, context.secrets, requestId);
}

/**
 * Unwraps the `success/data/message/errors` envelope (spec 2.1) of a 2xx answer. Returns `data`
 * when `success` is true, with no own `__proto__` or `constructor` key left at any depth (the
 * parsed JSON may be handed out as it is); throws an `APIError` when it is false; throws an
 * `InvalidResponseError` for a body that is not JSON or not the envelope. Error statuses never
 * come here: their status decides the error (error-from-status.ts).
 */
function unwrapEnvelope(status: number, headers: Headers, text: string, context: CallContext): unknown {
  let body: unknown;
  try {
    body = withoutProtoKeys(JSON.parse(text), text);
  } catch {
    throw notTheEnvelope(
      `${status} with a body that is not JSON (content-type: ${headers.get('content-type') ?? 'none'})`,
      status,
      text,
      context,
    );
  }
  // A primitive has no `success` either: only `null` needs the `?.`.
  const envelope = body as { success?: unknown; data?: unknown; message?: unknown; errors?: unknown } | null;
  if (typeof envelope?.success !== 'boolean') {
    throw notTheEnvelope(`${status} with JSON that is not the service's envelope (no boolean "success")`, status, text, context);
  }
  if (envelope.success) {
    if (!('data' in envelope)) throw notTheEnvelope('success without a "data" field', status, text, context);
    return envelope.data;
  }
  throw apiErrorFromResponse({
    status,
    headers,
    text,
    where: `${context.method} /${context.path}`,
    secrets: context.secrets,
    resetAt: undefined,
    now: Date.now(),
    parsed: envelope,
  });
}

// The message may quote a header the server chose (content-type), so it is redacted like the body.
function notTheEnvelope(what: string, status: number, text: string, context: CallContext): InvalidResponseError {
  return new InvalidResponseError(redact(`${context.method} /${context.path} answered ${what}`, context.secrets), {
    status,
    body: redactExcerpt(text, context.secrets, EXCERPT_LENGTH),
  });
}

/** A call's answer; its redaction needs no closure per call. */
class CallResult implements HttpResult {
  readonly data: unknown;
  readonly response: Response;
  readonly requestId: string;
  readonly #text: string;
  readonly #secrets: readonly string[];

  constructor(data: unknown, response: Response, text: string, secrets: readonly string[], requestId: string) {
    this.data = data;
    this.response = response;
    this.requestId = requestId;
    this.#text = text;
    this.#secrets = secrets;
  }

  redact(text: string): string {
    return redact(text, this.#secrets);
  }

  redactedBody(): string {
    return redactExcerpt(this.#text, this.#secrets, EXCERPT_LENGTH);
  }
}
