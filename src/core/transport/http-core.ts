import type { KyInstance, Options as KyOptions } from 'ky';
import { ConfigurationError } from '../../errors/index.js';
import { addressOf } from '../../utils/url-address.js';
import { VERSION } from '../../version.js';
import { checkKey, checkRequestOptions } from '../config/per-call-checks.js';
import type { ResolvedOptions } from '../config/resolve-options.js';
import { newRequestId, withRequestId } from '../observability/request-id.js';
import { type RequestTraceContext, requestTracing } from '../observability/tracing.js';
import { pacedFetch } from '../pacing/paced-fetch.js';
import { Pacer } from '../pacing/pacer.js';
import type { PacingState } from '../pacing/types.js';
import { opaqueCause, redact } from '../redaction/redact.js';
import { secretsIn } from '../redaction/secret-fields.js';
import type { CallContext, Fetch, HttpCall, HttpResult, QueryValue, Transport } from '../types.js';
import { CallState } from './call-state.js';
import { toSdkError } from './error-from-failure.js';
import { type Ky, loadKy } from './load-ky.js';
import { readAnswer } from './read-answer.js';

const USER_AGENT = `credit-platform-typescript/${VERSION}`;

// `client.rateLimit` is the state of the most recent of these with well-formed headers: a few
// malformed answers in a row do not lose the last good state, and memory stays bounded when
// nobody ever asks.
const RATE_LIMIT_HEADERS_KEPT = 8;

/** ky, once loaded, and the instance configured for every call. */
interface LoadedKy {
  module: Ky;
  request: KyInstance;
}

/**
 * The one request pipeline: the key, the trace, then the call's attempts ({@link CallState}: one
 * ky request each, retried as the retry policy decides), then the answer ({@link readAnswer}).
 * ky itself loads on the first request ({@link loadKy}); the core checks the key and the default
 * headers when it is built, so a bad one fails `new CreditPlatform()` rather than the first call.
 */
export class HttpCore implements Transport {
  readonly #options: ResolvedOptions;
  /** The headers of every request, checked when the client is built. */
  readonly #headers: Record<string, string>;
  #ky: LoadedKy | undefined;
  /**
   * The headers of the last few responses (success or error) that carried rate-limit headers,
   * newest last, for `client.rateLimit`, which reads them only when asked: most calls never ask.
   */
  readonly rateLimitHeaders: Headers[] = [];
  readonly #staticKey: string | undefined;
  /** Paces every attempt when the `pacing` option is on. */
  readonly pacer: Pacer | undefined;
  /** The service's base URL, parsed: for connection errors. */
  readonly #baseUrl: URL;
  /** The service's host name and port, for traces. */
  readonly #server: { address: string; port: number };

  constructor(options: ResolvedOptions) {
    this.#options = options;
    this.#staticKey = typeof options.apiKey === 'string' ? checkKey(options.apiKey) : undefined;
    this.pacer = options.pacing && new Pacer(options.pacing.limits, options.pacing.store, options.log);
    this.#baseUrl = new URL(options.baseUrl);
    this.#server = addressOf(this.#baseUrl);
    // `new Headers()` throws on a malformed name or value: here, so a bad default header fails
    // `new CreditPlatform()` rather than the first call.
    this.#headers = baseHeaders(options.defaultHeaders);
  }

  // Everything that is the same for every call is configured once here: ky merges per-call
  // options into these on each request. The key is not among them: it is added per attempt,
  // after the middleware (call-state.ts).
  async #createKy(): Promise<void> {
    const ky = await loadKy();
    this.#ky ??= {
      module: ky,
      request: ky.default.create({
        // A prefix joined as text, not a `baseUrl` resolved per call: ky builds a throwaway
        // Request and URL to resolve a baseUrl, a measurable share of each page of a long walk.
        prefix: this.#options.baseUrl,
        headers: this.#headers,
        timeout: this.#options.timeout,
        retry: 0,
        // Set on the Request itself, so a custom fetch and the middleware see it too: a followed
        // redirect would carry the key (and a 307/308 the body) to the Location's address. A 3xx
        // is an APIError instead (redirect-error.ts).
        redirect: 'manual',
      }),
    };
  }

  /** The pacer's view of the key's budget; `undefined` when pacing is off. */
  async pacingState(): Promise<PacingState | undefined> {
    return this.pacer?.state(this.#staticKey ?? checkKey(await this.#keyFromFunction()));
  }

  /** Sends one call and returns the unwrapped data, or throws the SDK error that describes the failure. */
  send(call: HttpCall, requestId = newRequestId()): Promise<HttpResult> {
    // The first call waits for ky (concurrent first calls share its load); every later one goes on at once.
    if (this.#ky === undefined) return this.#createKy().then(() => this.send(call, requestId));
    const key = this.#staticKey;
    if (key === undefined) {
      return this.#keyFromFunction().then(
        (found) => this.#traced(call, checkKey(found), requestId),
        (error: unknown) => Promise.reject(withRequestId(error, requestId)),
      );
    }
    // Stryker disable next-line ConditionalExpression,OptionalChaining: #traced checks again (the key-function path needs it); the channel is absent only off Node
    return requestTracing?.hasSubscribers === true
      ? this.#traced(call, key, requestId)
      : this.#send(call, key, undefined, requestId);
  }

  #traced(call: HttpCall, apiKey: string, requestId: string): Promise<HttpResult> {
    // Stryker disable next-line ConditionalExpression,OptionalChaining: send() checked already on its own path; the channel is absent only off Node
    if (requestTracing?.hasSubscribers !== true) return this.#send(call, apiKey, undefined, requestId);
    // Redacted when first read: the key's spellings cost more than the rest of the trace, and a
    // subscriber such as credit-platform/otel never reads the path.
    let path: string | undefined;
    const trace: RequestTraceContext = {
      operation: call.operation ?? 'request',
      method: call.method,
      get path() {
        path ??= redact(`/${call.path}`, [apiKey]);
        return path;
      },
      pathTemplate: call.template === undefined ? undefined : `/${call.template}`,
      serverAddress: this.#server.address,
      serverPort: this.#server.port,
      requestId,
      attemptRecords: [],
    };
    // The channel stores what the traced promise resolves with on the context; resolving with
    // nothing keeps the response data (a created key, a webhook secret) away from subscribers.
    let result: HttpResult | undefined;
    return requestTracing
      .tracePromise(async () => {
        result = await this.#send(call, apiKey, trace, requestId);
      }, trace)
      .then(() => result as HttpResult);
  }

  async #send(call: HttpCall, apiKey: string, trace: RequestTraceContext | undefined, requestId: string): Promise<HttpResult> {
    // A body may carry secrets besides the key (a webhook subscription's `secret`, or any field
    // redaction/secret-fields.ts names, at any depth): an echo of any of them is scrubbed like the key.
    const secrets = [apiKey, ...secretsIn(call.body)];
    const context: CallContext = { method: call.method, path: call.path, secrets };
    const perCall = call.options;
    if (perCall) {
      try {
        checkRequestOptions(perCall, context);
      } catch (error) {
        throw withRequestId(error, requestId);
      }
    }
    const options = this.#options;
    const maxRetries = perCall?.maxRetries ?? options.maxRetries;
    const totalTimeout = perCall?.totalTimeout ?? options.totalTimeout;
    const timeout = perCall?.timeout ?? options.timeout;
    // One ky request per attempt (the instance has ky's retry off); the call state retries.
    // ky merges these into the instance's options on every call, at a cost that grows with the
    // square of the number of keys: only what differs from ky's defaults is set (GET is its
    // default method; throwing on an error status is its default too).
    // Stryker disable next-line ConditionalExpression: an explicit GET is ky's default, set at the cost above
    const kyOptions: KyOptions = call.method === 'GET' ? {} : { method: call.method };
    if (perCall?.headers) kyOptions.headers = perCall.headers;
    // Stryker disable next-line ConditionalExpression: ky sends no body for `json: undefined`; the key is left out for the cost above
    if (call.body !== undefined) kyOptions.json = call.body;
    if (perCall?.signal !== undefined) kyOptions.signal = perCall.signal;
    if (perCall?.timeout !== undefined) kyOptions.timeout = perCall.timeout;
    // `send` has loaded ky before any call comes here.
    const ky = this.#ky as LoadedKy;
    const state = new CallState(ky.module, ky.request, withQuery(call.path, call.query), kyOptions, {
      operation: call.operation ?? 'request',
      method: call.method,
      path: `/${call.path}`,
      apiKey,
      requestId,
      secrets,
      maxRetries,
      maxRateLimitWait: options.maxRateLimitWait,
      totalTimeout,
      maxResponseBytes: perCall?.maxResponseBytes ?? options.maxResponseBytes,
      middleware: perCall?.middleware ? [...options.middleware, ...perCall.middleware] : options.middleware,
      fetch: this.#fetchFor(apiKey, timeout, totalTimeout, trace),
      log: options.log,
      trace,
      signal: perCall?.signal,
    });
    try {
      const response = await state.response;
      this.#noteRateLimit(response.headers);
      return readAnswer(response, state.body, context, requestId);
    } catch (error) {
      if (error instanceof ky.module.HTTPError) this.#noteRateLimit(error.response.headers);
      const failure = toSdkError(error, state, {
        where: `${context.method} /${context.path}`,
        secrets,
        signal: perCall?.signal,
        timeout,
        totalTimeout,
        host: this.#baseUrl.host,
        baseUrl: this.#baseUrl,
      });
      throw withRequestId(failure, requestId);
    } finally {
      if (trace) {
        trace.status = state.status;
        trace.attempts = state.attempts;
      }
    }
  }

  #noteRateLimit(headers: Headers): void {
    if (!headers.has('x-ratelimit-remaining')) return;
    const recent = this.rateLimitHeaders;
    if (recent.length === RATE_LIMIT_HEADERS_KEPT) recent.shift();
    recent.push(headers);
  }

  // The fetch each attempt of a call goes through. Looked up per call because test tools such as
  // msw patch the global fetch after clients are created. Pacing acts on the network call itself,
  // inside the middleware and after the key is set, so a middleware that answers from a
  // recording (a cassette) spends no slot of the budget.
  #fetchFor(apiKey: string, timeout: number, totalTimeout: number | undefined, trace: RequestTraceContext | undefined): Fetch {
    const { fetch } = this.#options;
    if (!this.pacer) return fetch ?? globalThis.fetch;
    const deadline = totalTimeout === undefined ? undefined : Date.now() + totalTimeout;
    return pacedFetch(this.pacer, () => fetch ?? globalThis.fetch, { apiKey, timeout, deadline, trace });
  }

  // What the function threw may quote the key (`vault said: sk_live_…`): the error keeps only its
  // class name and code (redaction/redact.ts), and says where to look instead.
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
// encodes it; a query already in the path (`client.request('GET', 'x?a=1')`) is kept.
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
