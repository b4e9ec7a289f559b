import { readErrorItems } from '../errors/error-item.js';
import { InvalidResponseError } from '../errors/index.js';
import { parseRateLimit } from './rate-limit.js';
import { redact } from './redact.js';
import { apiErrorFromStatus } from './status-errors.js';

/** Which call a response answers, for error messages. */
export interface CallContext {
  method: string;
  path: string;
  /** Secrets to scrub from any text the server sent back. */
  secrets: readonly string[];
}

/**
 * Unwraps the `success/data/message/errors` envelope (spec 2.1). Returns `data` when
 * `success` is true; throws the status's {@link APIError} when it is false (whatever the status);
 * throws {@link InvalidResponseError} for a body that is not JSON or not the envelope.
 */
export function unwrapEnvelope(status: number, headers: Headers, text: string, context: CallContext): unknown {
  const where = `${context.method} /${context.path}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new InvalidResponseError(
      `${where} answered ${status} with a body that is not JSON (content-type: ${headers.get('content-type') ?? 'none'})`,
      { status, body: redact(text, context.secrets) },
    );
  }
  if (body === null || typeof body !== 'object' || typeof (body as { success?: unknown }).success !== 'boolean') {
    throw new InvalidResponseError(
      `${where} answered ${status} with JSON that is not the service's envelope (no boolean "success")`,
      { status, body: redact(text, context.secrets) },
    );
  }
  const envelope = body as { success: boolean; data?: unknown; message?: unknown; errors?: unknown };
  if (envelope.success) {
    if (!('data' in envelope)) {
      throw new InvalidResponseError(`${where} answered success without a "data" field`, {
        status,
        body: redact(text, context.secrets),
      });
    }
    return envelope.data;
  }
  const message =
    typeof envelope.message === 'string' && envelope.message.trim() !== ''
      ? redact(envelope.message, context.secrets)
      : `${where} failed (the response carried no error message)`;
  const errors = readErrorItems(envelope.errors).map((item) => ({
    ...item,
    message: redact(item.message, context.secrets),
  }));
  throw apiErrorFromStatus({ status, message, errors, headers, rateLimit: parseRateLimit(headers) }, Date.now());
}
