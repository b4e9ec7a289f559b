import { InvalidResponseError } from '../../errors/index.js';
import { withoutProtoKeys } from '../../utils/proto-keys.js';
import { redact } from '../redaction/redact.js';
import type { CallContext } from '../types.js';
import { apiErrorFromResponse } from './error-from-status.js';

/**
 * Unwraps the `success/data/message/errors` envelope (spec 2.1) of a 2xx answer. Returns `data`
 * when `success` is true, with no own `__proto__` or `constructor` key left at any depth (the
 * parsed JSON may be handed out as it is); throws an {@link APIError} when it is false; throws
 * {@link InvalidResponseError} for a body that is not JSON or not the envelope. Error statuses
 * never come here: their status decides the error (error-from-status.ts).
 */
export function unwrapEnvelope(status: number, headers: Headers, text: string, context: CallContext): unknown {
  const where = `${context.method} /${context.path}`;
  // The message may quote a header the server chose (content-type), so it is redacted like the body.
  const invalid = (what: string) =>
    new InvalidResponseError(redact(`${where} answered ${what}`, context.secrets), {
      status,
      body: redact(text, context.secrets),
    });
  let body: unknown;
  try {
    body = withoutProtoKeys(JSON.parse(text), text);
  } catch {
    throw invalid(`${status} with a body that is not JSON (content-type: ${headers.get('content-type') ?? 'none'})`);
  }
  if (body === null || typeof body !== 'object' || typeof (body as { success?: unknown }).success !== 'boolean') {
    throw invalid(`${status} with JSON that is not the service's envelope (no boolean "success")`);
  }
  const envelope = body as { success: boolean; data?: unknown; message?: unknown; errors?: unknown };
  if (envelope.success) {
    if (!('data' in envelope)) throw invalid('success without a "data" field');
    return envelope.data;
  }
  throw apiErrorFromResponse({
    status,
    headers,
    text,
    where,
    secrets: context.secrets,
    resetAt: undefined,
    now: Date.now(),
  });
}
