import ky, { HTTPError, NetworkError, TimeoutError, type KyInstance, type Options as KyOptions } from 'ky';
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  ConfigurationError,
  CreditPlatformError,
} from '../errors/index.js';
import { VERSION } from '../version.js';
import { bufferedText, createBufferedFetch } from './buffered-fetch.js';
import { checkKey, checkRequestOptions } from './call-checks.js';
import { unwrapEnvelope, type CallContext } from './envelope.js';
import type { RequestOptions, ResolvedOptions } from './options.js';
import { pacedFetch } from './pacing/paced-fetch.js';
import { Pacer } from './pacing/pacer.js';
import type { PacingState } from './pacing/types.js';
import { parseRateLimit, type RateLimit } from './rate-limit.js';
import { redact } from './redact.js';
import { backoffMs, decideRetry, errorCodes } from './retry-policy.js';
import { apiErrorFromStatus } from './status-errors.js';

/**
 * The HTTP methods the service's REST conventions use, and so the methods `client.request()` takes.
 *
 * @example
 * ```ts
 * const method: HttpMethod = 'GET';
 * const lines = await client.request(method, '/credit/lines');
 * ```
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A query value; `undefined` leaves the parameter out.
 *
 * @example
 * ```ts
 * const query: Record<string, QueryValue> = { limit: 10, status: undefined };
 * await client.request('GET', '/credit/lines', { query }); // ?limit=10
 * ```
 */
export type QueryValue = string | number | boolean | undefined;

/** One call, after validation: the path is relative to the base URL and already encoded. */
export interface HttpCall {
  method: HttpMethod;
  path: string;
  query?: Record<string, QueryValue> | undefined;
  body?: unknown;
  options?: RequestOptions | undefined;
}

/** The unwrapped `data`, the response it came from, and that response's rate-limit state. */
export interface HttpResult {
  data: unknown;
  response: Response;
  rateLimit: RateLimit | undefined;
  /** The body with the key redacted, for errors raised after unwrapping (schema mismatches). Lazy: most bodies are never needed. */
  redactedBody?: () => string;
}

const USER_AGENT = `credit-platform-typescript/${VERSION}`;
const RETRIED_METHODS = ['get', 'put', 'delete', 'post', 'patch', 'head', 'options'];

/**
 * The one request pipeline: key injection, ky's retry driven by the SDK's retry policy,
 * per-attempt timeouts that cover the body, envelope unwrapping and error mapping.
 */
export class HttpCore {
  readonly #options: ResolvedOptions;
  readonly #ky: KyInstance;
  readonly #onRateLimit: (rateLimit: RateLimit) => void;

  readonly #staticKey: string | undefined;
  /** Paces every attempt when the `pacing` option is on. */
  readonly pacer: Pacer | undefined;

  constructor(options: ResolvedOptions, onRateLimit: (rateLimit: RateLimit) => void) {
    this.#options = options;
    this.#onRateLimit = onRateLimit;
    this.#staticKey = typeof options.apiKey === 'string' ? checkKey(options.apiKey) : undefined;
    this.pacer = options.pacing && new Pacer(options.pacing.limits, options.pacing.store, options.log);
    // Everything that is the same for every call is configured once here: ky merges per-call
    // options into these on each request, and a smaller per-call object is measurably cheaper.
    this.#ky = ky.create({
      baseUrl: options.baseUrl,
      fetch: createBufferedFetch(() => options.fetch ?? globalThis.fetch),
      headers: baseHeaders(options.defaultHeaders, this.#staticKey),
      timeout: options.timeout,
      throwHttpErrors: true,
      // decideRetry answers every case; ky's own timing (ky's default statusCodes and
      // afterStatusCodes both hold 429) is used only where it returns `undefined`: a 429 whose
      // Retry-After / X-RateLimit-Reset wait fits under maxRateLimitWait. Only what differs from
      // ky's defaults is set, since ky merges these into every call.
      retry: {
        limit: options.maxRetries,
        methods: RETRIED_METHODS,
        maxRetryAfter: options.maxRateLimitWait,
        shouldRetry: ({ error }) => decideRetry(error, options.maxRateLimitWait),
        delay: backoffMs,
      },
    });
  }

  /** The pacer's view of the key's budget; `undefined` when pacing is off. */
  async pacingState(): Promise<PacingState | undefined> {
    return this.pacer?.state(this.#staticKey ?? checkKey(await this.#keyFromFunction()));
  }

  /** Sends one call and returns the unwrapped data, or throws the SDK error that describes the failure. */
  async send(call: HttpCall): Promise<HttpResult> {
    const apiKey = this.#staticKey ?? checkKey(await this.#keyFromFunction());
    const context: CallContext = { method: call.method, path: call.path, secrets: [apiKey] };
    const perCall = call.options;
    if (perCall) checkRequestOptions(perCall, context);
    const kyOptions: KyOptions = { method: call.method };
    const headers = this.#headers(apiKey, perCall?.headers);
    if (headers) kyOptions.headers = headers;
    if (call.query !== undefined) kyOptions.searchParams = call.query;
    if (call.body !== undefined) kyOptions.json = call.body;
    if (perCall?.signal !== undefined) kyOptions.signal = perCall.signal;
    if (perCall?.timeout !== undefined) kyOptions.timeout = perCall.timeout;
    if (perCall?.maxRetries !== undefined) kyOptions.retry = { limit: perCall.maxRetries };
    const timeout = perCall?.timeout ?? this.#options.timeout;
    // Paced inside the buffering, so a slot is settled when the response's headers arrive.
    if (this.pacer) {
      const paced = pacedFetch(this.pacer, () => this.#options.fetch ?? globalThis.fetch, { apiKey, timeout });
      kyOptions.fetch = createBufferedFetch(() => paced);
    }
    let response: Response;
    try {
      response = await this.#ky(call.path, kyOptions);
    } catch (error) {
      throw this.#toSdkError(error, context, perCall?.signal, timeout);
    }
    return this.#read(response, context);
  }

  // The key must win over a default or per-call `X-API-Key`. A static key already sits in the
  // instance headers, so the common call merges no headers at all; ky merges header names
  // case-insensitively, so a plain object is enough unless the caller passed headers.
  #headers(apiKey: string, perCall: Record<string, string> | undefined): Record<string, string> | Headers | undefined {
    if (!perCall) return this.#staticKey === undefined ? { 'x-api-key': apiKey } : undefined;
    const headers = new Headers(perCall);
    headers.set('x-api-key', apiKey);
    headers.set('user-agent', USER_AGENT);
    return headers;
  }

  #read(response: Response, context: CallContext): HttpResult {
    const rateLimit = parseRateLimit(response.headers);
    if (rateLimit) this.#onRateLimit(rateLimit);
    const data = unwrapEnvelope(response.status, response.headers, bufferedText(response) ?? '', context);
    return { data, response, rateLimit, redactedBody: () => redact(bufferedText(response) ?? '', context.secrets) };
  }

  async #keyFromFunction(): Promise<unknown> {
    try {
      return await (this.#options.apiKey as () => string | Promise<string>)();
    } catch (error) {
      throw new ConfigurationError('apiKey', 'The `apiKey` function threw; see `cause`.', { cause: error });
    }
  }

  #toSdkError(error: unknown, context: CallContext, signal: AbortSignal | undefined, timeout: number): Error {
    const where = `${context.method} /${context.path}`;
    if (signal?.aborted) return new APIUserAbortError(`${where} was aborted by the caller's AbortSignal.`);
    if (error instanceof HTTPError) {
      const { response } = error;
      let rateLimit: RateLimit | undefined;
      try {
        rateLimit = this.#read(response, context).rateLimit;
      } catch (apiError) {
        return apiError as Error;
      }
      // An error status whose body claims success: trust the status.
      return apiErrorFromStatus(
        {
          status: response.status,
          message: `${where} failed with status ${response.status}`,
          errors: [],
          headers: response.headers,
          rateLimit,
        },
        Date.now(),
      );
    }
    if (error instanceof TimeoutError) {
      return new APITimeoutError(`${where} timed out: no complete response within ${timeout} ms.`);
    }
    if (error instanceof NetworkError) {
      const cause = error.cause;
      const detail = describeCause(cause);
      return new APIConnectionError(
        redact(`${where} got no response from ${new URL(this.#options.baseUrl).host}${detail}.`, context.secrets),
        { cause },
      );
    }
    if (error instanceof CreditPlatformError) return error;
    const message = error instanceof Error ? error.message : String(error);
    return new APIConnectionError(redact(`${where} failed before a response: ${message}`, context.secrets));
  }
}

// Headers compare names case-insensitively, so a default `X-API-Key` or `User-Agent` in any
// spelling is replaced rather than sent beside the SDK's own. Handed to ky as a plain object of
// lower-case names: ky merges a Headers instance into every request measurably more slowly.
function baseHeaders(defaults: Record<string, string>, staticKey: string | undefined): Record<string, string> {
  const headers = new Headers(defaults);
  if (staticKey === undefined) headers.delete('x-api-key');
  else headers.set('x-api-key', staticKey);
  headers.set('user-agent', USER_AGENT);
  return Object.fromEntries(headers);
}

function describeCause(cause: unknown): string {
  const [code] = errorCodes(cause);
  if (code !== undefined) return ` (${code})`;
  return cause instanceof Error ? ` (${cause.message})` : '';
}
