import ky, { HTTPError, type KyInstance, type Options as KyOptions } from 'ky';
import { ConfigurationError } from '../errors/index.js';
import { VERSION } from '../version.js';
import { runAttempts } from './attempts.js';
import { bufferedText } from './buffered-fetch.js';
import { checkKey, checkRequestOptions } from './call-checks.js';
import { CallState } from './call-state.js';
import { unwrapEnvelope, type CallContext } from './envelope.js';
import type { Fetch, RequestOptions, ResolvedOptions } from './options.js';
import { pacedFetch } from './pacing/paced-fetch.js';
import { Pacer } from './pacing/pacer.js';
import type { PacingState } from './pacing/types.js';
import { parseRateLimit, type RateLimit } from './rate-limit.js';
import { opaqueCause, redact } from './redact.js';
import { secretsIn } from './secret-fields.js';
import { toSdkError } from './sdk-errors.js';
import { type RequestTraceContext, tracing } from './tracing.js';

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
  /** The resource method, e.g. `'transactions.list'`, for logs and traces; `'request'` when absent. */
  operation?: string | undefined;
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

/**
 * The one request pipeline: each attempt is one ky request; every failed attempt goes to the
 * retry clock (retry-clock.ts) through {@link CallState}, which decides whether and when the next
 * one goes (attempts.ts). Each attempt runs the middleware, then gets the key, then reads the
 * whole body under the per-attempt timeout.
 */
export class HttpCore {
  readonly #options: ResolvedOptions;
  readonly #ky: KyInstance;
  readonly #onRateLimit: (rateLimit: RateLimit) => void;
  readonly #staticKey: string | undefined;
  readonly #fetch: () => Fetch;
  /** Paces every attempt when the `pacing` option is on. */
  readonly pacer: Pacer | undefined;

  constructor(options: ResolvedOptions, onRateLimit: (rateLimit: RateLimit) => void) {
    this.#options = options;
    this.#onRateLimit = onRateLimit;
    this.#staticKey = typeof options.apiKey === 'string' ? checkKey(options.apiKey) : undefined;
    this.pacer = options.pacing && new Pacer(options.pacing.limits, options.pacing.store, options.log);
    // Looked up per request because test tools such as msw patch the global fetch after clients are created.
    this.#fetch = () => options.fetch ?? globalThis.fetch;
    // Everything that is the same for every call is configured once here: ky merges per-call
    // options into these on each request. The key is not among them: it is added per attempt,
    // after the middleware (call-state.ts).
    this.#ky = ky.create({
      // A prefix joined as text, not a `baseUrl` resolved per call: ky builds a throwaway
      // Request and URL to resolve a baseUrl, a measurable share of each page of a long walk.
      prefix: options.baseUrl,
      headers: baseHeaders(options.defaultHeaders),
      timeout: options.timeout,
      throwHttpErrors: true,
      retry: 0,
      // Set on the Request itself, so a custom fetch and the middleware see it too: a followed
      // redirect would carry the key (and a 307/308 the body) to the Location's address. A 3xx
      // is an APIError instead (redirect-error.ts).
      redirect: 'manual',
    });
  }

  /** The pacer's view of the key's budget; `undefined` when pacing is off. */
  async pacingState(): Promise<PacingState | undefined> {
    return this.pacer?.state(this.#staticKey ?? checkKey(await this.#keyFromFunction()));
  }

  /** Sends one call and returns the unwrapped data, or throws the SDK error that describes the failure. */
  send(call: HttpCall): Promise<HttpResult> {
    if (this.#staticKey !== undefined) return this.#traced(call, this.#staticKey);
    return this.#keyFromFunction().then((key) => this.#traced(call, checkKey(key)));
  }

  #traced(call: HttpCall, apiKey: string): Promise<HttpResult> {
    const { channel } = tracing;
    if (channel?.hasSubscribers !== true) return this.#send(call, apiKey, undefined);
    const path = redact(`/${call.path}`, [apiKey]);
    const trace: RequestTraceContext = { operation: call.operation ?? 'request', method: call.method, path };
    // The channel stores what the traced promise resolves with on the context; resolving with
    // nothing keeps the response data (a created key, a webhook secret) away from subscribers.
    let result: HttpResult | undefined;
    return channel
      .tracePromise(async () => {
        result = await this.#send(call, apiKey, trace);
      }, trace)
      .then(() => result as HttpResult);
  }

  async #send(call: HttpCall, apiKey: string, trace: RequestTraceContext | undefined): Promise<HttpResult> {
    const secrets = secretsOf(apiKey, call.body);
    const context: CallContext = { method: call.method, path: call.path, secrets };
    const perCall = call.options;
    if (perCall) checkRequestOptions(perCall, context);
    const options = this.#options;
    const maxRetries = perCall?.maxRetries ?? options.maxRetries;
    const totalTimeout = perCall?.totalTimeout ?? options.totalTimeout;
    const state = new CallState({
      operation: call.operation ?? 'request',
      method: call.method,
      path: `/${call.path}`,
      apiKey,
      secrets,
      maxRetries,
      maxRateLimitWait: options.maxRateLimitWait,
      totalTimeout,
      maxResponseBytes: perCall?.maxResponseBytes ?? options.maxResponseBytes,
      middleware: perCall?.middleware ? [...options.middleware, ...perCall.middleware] : options.middleware,
      fetch: this.#pacedFetch(apiKey, perCall?.timeout ?? options.timeout, totalTimeout, trace),
      log: options.log,
      trace,
    });
    // One ky request per attempt (the instance has ky's retry off); runAttempts retries.
    const kyOptions: KyOptions = { method: call.method, fetch: state.fetch };
    if (perCall?.headers) kyOptions.headers = perCall.headers;
    if (call.body !== undefined) kyOptions.json = call.body;
    if (perCall?.signal !== undefined) kyOptions.signal = perCall.signal;
    if (perCall?.timeout !== undefined) kyOptions.timeout = perCall.timeout;
    try {
      const response = await runAttempts(this.#ky, withQuery(call.path, call.query), kyOptions, state, perCall?.signal);
      state.succeeded();
      return this.#read(response, context);
    } catch (error) {
      const rateLimit = error instanceof HTTPError ? parseRateLimit(error.response.headers) : undefined;
      if (rateLimit) this.#onRateLimit(rateLimit);
      throw toSdkError(error, state, {
        where: `${context.method} /${context.path}`,
        secrets,
        signal: perCall?.signal,
        timeout: perCall?.timeout ?? options.timeout,
        totalTimeout,
        host: new URL(options.baseUrl).host,
      });
    } finally {
      if (trace) {
        trace.status = state.status;
        trace.attempts = state.attempts;
      }
    }
  }

  // Pacing acts on the network call itself, inside the middleware and after the key is set, so
  // a middleware that answers from a recording (a cassette) spends no slot of the budget.
  #pacedFetch(
    apiKey: string,
    timeout: number,
    totalTimeout: number | undefined,
    trace: RequestTraceContext | undefined,
  ): () => Fetch {
    if (!this.pacer) return this.#fetch;
    const deadline = totalTimeout === undefined ? undefined : Date.now() + totalTimeout;
    const paced = pacedFetch(this.pacer, this.#fetch, { apiKey, timeout, deadline, trace });
    return () => paced;
  }

  #read(response: Response, context: CallContext): HttpResult {
    const rateLimit = parseRateLimit(response.headers);
    if (rateLimit) this.#onRateLimit(rateLimit);
    const data = unwrapEnvelope(response.status, response.headers, bufferedText(response) ?? '', context);
    return { data, response, rateLimit, redactedBody: () => redact(bufferedText(response) ?? '', context.secrets) };
  }

  // What the function threw may quote the key (`vault said: sk_live_…`): the error keeps only its
  // class name and code (redact.ts), and says where to look instead.
  async #keyFromFunction(): Promise<unknown> {
    try {
      return await (this.#options.apiKey as () => string | Promise<string>)();
    } catch (error) {
      const { cause, described } = opaqueCause(error);
      throw new ConfigurationError(
        'apiKey',
        `The \`apiKey\` function threw ${described}; check the secret store or environment it reads the key from. What it threw is not kept beyond its name and code, since it may hold the key.`,
        { cause },
      );
    }
  }
}

// The query is joined to the path here rather than handed to ky as `searchParams`, for which ky
// parses the URL again and builds a second Request on every call. Encoded as URLSearchParams
// encodes it, as before; a query already in the path (`client.request('GET', 'x?a=1')`) is kept.
function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  if (query === undefined) return path;
  const params = new URLSearchParams();
  for (const key of Object.keys(query)) {
    const value = query[key];
    if (value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  if (search === '') return path;
  const hash = path.indexOf('#');
  const [base, fragment] = hash === -1 ? [path, ''] : [path.slice(0, hash), path.slice(hash)];
  return `${base}${base.includes('?') ? '&' : '?'}${search}${fragment}`;
}

// Headers compare names case-insensitively, so a default `X-API-Key` or `User-Agent` in any
// spelling is replaced rather than sent beside the SDK's own. Handed to ky as a plain object of
// lower-case names: ky merges a Headers instance into every request measurably more slowly.
function baseHeaders(defaults: Record<string, string>): Record<string, string> {
  const headers = new Headers(defaults);
  headers.delete('x-api-key');
  headers.set('user-agent', USER_AGENT);
  return Object.fromEntries(headers);
}

// A webhook subscription's secret travels in the body of its create/update calls, and a
// `client.request` body may carry others at any depth (secret-fields.ts says which fields count);
// if the service echoes one in an error, it is scrubbed like the key. GET and DELETE calls have
// no body and pay nothing; a body's walk is bounded.
function secretsOf(apiKey: string, body: unknown): readonly string[] {
  if (body === null || typeof body !== 'object') return [apiKey];
  return [apiKey, ...secretsIn(body)];
}
