import { APIConnectionError, APITimeoutError, APIUserAbortError, CreditPlatformError } from '../../errors/index.js';
import { type CallState, errorCodes, utf8 } from './call-state.js';
import { redact, redactCause } from '../redaction/redact.js';
import { proxyFailure } from './proxy-hint.js';
import { isRedirect, redirectMessage } from './redirect-error.js';
import { apiErrorFromResponse } from './error-from-status.js';

/** What the error of a failed call is described with. */
export interface FailedCall {
  /** `METHOD /path`, for messages. */
  where: string;
  secrets: readonly string[];
  signal: AbortSignal | undefined;
  timeout: number;
  totalTimeout: number | undefined;
  /** The service's host, for connection errors. */
  host: string;
  /** The service's base URL, to tell a proxy's failure from the service's. */
  baseUrl: URL;
}

// The first code along the cause chain, else the cause's own message.
function describeCause(cause: unknown): string {
  const [code] = errorCodes(cause);
  if (code !== undefined) return ` (${code})`;
  return cause instanceof Error ? ` (${cause.message})` : '';
}

/**
 * Turns whatever ky threw into the SDK error that describes the failure. The caller's signal is
 * checked first, so an aborted call is never reported as a timeout or a connection error.
 */
export function toSdkError(error: unknown, state: CallState, call: FailedCall): Error {
  const { where, secrets } = call;
  if (call.signal?.aborted) {
    const cause = redactCause(call.signal.reason, secrets);
    const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
    return timedOut
      ? new APITimeoutError(`${where} timed out: the caller's AbortSignal timed out.`, { cause })
      : new APIUserAbortError(`${where} was aborted by the caller's AbortSignal.`, { cause });
  }
  // ky gives up at once on errors the clock never saw (e.g. the total timeout); decide once so
  // every failure is logged and a 429's reset comes from the same decision.
  const decision = state.decide(error);
  const { ky } = state;
  if (error instanceof ky.HTTPError) {
    const { response } = error;
    return apiErrorFromResponse({
      status: response.status,
      headers: response.headers,
      text: utf8.decode(state.body),
      where,
      secrets,
      resetAt: decision?.resetAt,
      now: Date.now(),
      message: isRedirect(response) ? redirectMessage(response, error.request.url, where) : undefined,
    });
  }
  // Why the last failure was not retried, when a budget (not the method or the status) decided.
  const gaveUp = decision && !decision.retry && decision.gaveUp ? `; not retried: ${decision.reason}` : '';
  const attempts = `${state.attempts === 1 ? '1 attempt' : `${state.attempts} attempts`}${gaveUp}`;
  if (error instanceof ky.TimeoutError) {
    // Stryker disable next-line ConditionalExpression: without totalTimeout the comparison is with NaN, false either way
    if (call.totalTimeout !== undefined && state.elapsed() >= call.totalTimeout - 1) {
      return new APITimeoutError(`${where} timed out: totalTimeout of ${call.totalTimeout} ms spent over ${attempts}.`);
    }
    return new APITimeoutError(`${where} timed out: no complete response within ${call.timeout} ms (${attempts}).`);
  }
  if (error instanceof ky.NetworkError) {
    const cause = redactCause(error.cause, secrets);
    const viaProxy = proxyFailure(error.cause, call.baseUrl);
    const what =
      viaProxy === undefined ? `got no response from ${call.host}${describeCause(cause)}` : `got no response: ${viaProxy}`;
    return new APIConnectionError(redact(`${where} ${what} (${attempts}).`, secrets), {
      cause,
    });
  }
  if (error instanceof CreditPlatformError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new APIConnectionError(redact(`${where} failed before a response: ${message}`, secrets), {
    cause: redactCause(error, secrets),
  });
}
