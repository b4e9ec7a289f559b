// The types every stage of the pipeline shares. This module imports nothing else of the SDK,
// so any stage can depend on it without depending on another stage (and without loading ky).
import type * as z from 'zod/mini';

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

/**
 * A fetch implementation: the global `fetch` or anything with its signature.
 *
 * @example
 * ```ts
 * import { CreditPlatform, type Fetch } from 'credit-platform';
 * const loggingFetch: Fetch = async (input, init) => {
 *   const response = await fetch(input, init);
 *   console.log(init?.method ?? 'GET', String(input), response.status);
 *   return response;
 * };
 * const client = new CreditPlatform({ fetch: loggingFetch });
 * ```
 */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * A step around every attempt of every request: it gets the `Request` (without `X-API-Key`,
 * which is added after the last middleware) and `next`, and returns the `Response`. Runs once per
 * attempt, inside the retry loop, so a retried call passes through it again. It may change the
 * request (return `next(new Request(request, { headers }))`), time it, or answer without sending.
 *
 * @example
 * ```ts
 * import { CreditPlatform, type Middleware } from 'credit-platform';
 * const requestId: Middleware = (request, next) => {
 *   const headers = new Headers(request.headers);
 *   headers.set('x-request-id', crypto.randomUUID());
 *   return next(new Request(request, { headers }));
 * };
 * const client = new CreditPlatform({ middleware: [requestId] });
 * ```
 */
export type Middleware = (request: Request, next: (request: Request) => Promise<Response>) => Promise<Response>;

/**
 * Per-call options, the optional last argument of every operation; each overrides the client's
 * setting for that call.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * const me = await client.accounts.me({ signal: controller.signal, timeout: 5_000, maxRetries: 0, headers: { 'X-Request-Id': 'abc' } });
 * ```
 */
export interface RequestOptions {
  /** Aborts the call, including any wait between retries; the call then rejects with `APIUserAbortError`. */
  signal?: AbortSignal;
  /** Milliseconds per attempt for this call, instead of the client's `timeout`. */
  timeout?: number;
  /** Retries for this call, instead of the client's `maxRetries`; `0` turns retrying off. */
  maxRetries?: number;
  /** Extra headers for this call; they cannot replace `X-API-Key`. */
  headers?: Record<string, string>;
  /**
   * Fields merged into the JSON body after validation and sent unvalidated: for a field this
   * SDK version does not know yet, e.g. `{ extraBody: { memo: 'rent' } }`. A field the operation
   * knows is refused (pass it in the params, where it is checked), and so is a path parameter's
   * name: the path is filled from the call's checked arguments and the key is a header.
   */
  extraBody?: Record<string, unknown>;
  /** Parameters merged into the query string, unvalidated; the same rules as `extraBody`. */
  extraQuery?: Record<string, QueryValue>;
  /** Milliseconds for this whole call, attempts and waits included, instead of the client's `totalTimeout`. */
  totalTimeout?: number;
  /** Middleware for this call, run inside the client's middleware (closest to the network). */
  middleware?: readonly Middleware[];
  /**
   * The largest response body this call reads, in bytes, instead of the client's
   * `maxResponseBytes` (default 32 MiB); a larger one fails the call with an `InvalidResponseError`.
   *
   * @example
   * ```ts
   * const report = await client.request('GET', '/reports/yearly', { maxResponseBytes: 256 * 1024 * 1024 });
   * ```
   */
  maxResponseBytes?: number;
}

/**
 * Per-call options of every `list()`: the {@link RequestOptions} plus read-ahead.
 *
 * @example
 * ```ts
 * declare function save(tx: Transaction): Promise<void>;
 * // By default, from the second page on, the next page is on its way while the loop works.
 * for await (const tx of client.transactions.list({ limit: 100 })) await save(tx);
 * // Strictly one page at a time, or two pages ahead from the start:
 * for await (const tx of client.transactions.list({ limit: 100 }, { prefetch: 0 })) await save(tx);
 * for await (const tx of client.transactions.list({ limit: 100 }, { prefetch: 2 })) await save(tx);
 * ```
 */
export interface ListRequestOptions extends RequestOptions {
  /**
   * Pages read ahead while iterating (items or `pages()`, and `toArray`, which iterates). Not
   * set (the default): once the loop has finished the first page, the page after the one it is
   * on is always requested ahead, so a loop that stops within the first page has sent one
   * request, and one that stops within page N at most one request more than it used, with at
   * most one page more in memory. `0`: strictly one page at a time, the next asked for when the
   * loop reaches it. `1` to `4`: that many pages ahead from the start (memory holds at most
   * `prefetch + 1` pages; leaving the loop early costs at most `prefetch` extra requests).
   * At any depth, no page is requested after one that says it is the last, and `toArray({ max })`
   * requests none after the page that brings the `max`-th item. Awaiting a page
   * (`await list()`, `getNextPage()`) never reads ahead.
   */
  prefetch?: number;
}

/**
 * Options of `client.request()`: the query, the JSON body, an optional zod schema for a typed and
 * checked result, and the usual per-call options.
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini';
 * const lines = await client.request('GET', '/credit/lines', { query: { limit: 10 }, schema: z.array(z.looseObject({ id: z.string() })) });
 * ```
 */
export interface RawRequestOptions<S extends z.core.$ZodType = z.core.$ZodType> extends RequestOptions {
  /** Query parameters; an `undefined` value leaves the parameter out. */
  query?: Record<string, QueryValue>;
  /** A body, sent as JSON. */
  body?: unknown;
  /**
   * A zod schema for `data`, from `zod` or `zod/mini` (any zod 4 schema): the result is then
   * typed and checked (unless `validateResponses` is off). Without one, `data` is `unknown`.
   */
  schema?: S;
}

/** One call, after validation: the path is relative to the base URL and already encoded. */
export interface HttpCall {
  method: HttpMethod;
  path: string;
  query?: Record<string, QueryValue> | undefined;
  body?: unknown;
  options?: RequestOptions | undefined;
  /** The resource method, e.g. `'transactions.list'`, for logs and traces; `'request'` when absent. */
  operation?: string | undefined;
  /** The declared path with its parameters as names (`deposits/{depositId}`), for traces. */
  template?: string | undefined;
}

/**
 * What the transport hands back for a call that got a 2xx answer: the envelope's `data` and the
 * response it came from (its body already read). Errors raised after unwrapping (a schema
 * mismatch, a page with no items) quote the response only through the two redacting methods,
 * which scrub the call's secrets.
 */
export interface HttpResult {
  readonly data: unknown;
  readonly response: Response;
  /** The call's id (observability/request-id.ts), made by the transport when the call started. */
  readonly requestId: string;
  /** `text` (built from the response) with the call's secrets removed. */
  redact(text: string): string;
  /** The start of the response body an error keeps (500 characters), with the call's secrets removed. */
  redactedBody(): string;
}

/**
 * Sends a call. The client's is the HTTP core (transport/http-core.ts), which loads ky on its
 * first request; the stages above it depend on this interface only.
 */
export interface Transport {
  send(call: HttpCall): Promise<HttpResult>;
}

/** A page as the walks over pages see it: its items and the cursor of the next one. */
export interface PageLike {
  readonly items: readonly unknown[];
  readonly nextCursor: string | null;
}

/**
 * What a page's walk asks for the next page: the list call that made the page. `signal` (a
 * read-ahead's own) aborts the request alongside the caller's.
 */
export interface PageSource<P extends PageLike> {
  fetchPage(cursor: string, signal?: AbortSignal): Promise<P>;
}

/** Which call a response answers, for error messages. */
export interface CallContext {
  method: string;
  path: string;
  /** Secrets to scrub from any text the server sent back. */
  secrets: readonly string[];
}

/**
 * Where the client writes its log lines: any object with `debug`, `info`, `warn` and `error`
 * (`console`, pino, winston and bunyan loggers all fit).
 *
 * @example
 * ```ts
 * import { CreditPlatform, type Logger } from 'credit-platform';
 * declare const myLog: Record<'debug' | 'info' | 'warn' | 'error', (fields: object, msg: string) => void>; // pino, say
 * const logger: Logger = {
 *   debug: (msg, fields) => myLog.debug({ ...fields }, msg),
 *   info: (msg, fields) => myLog.info({ ...fields }, msg),
 *   warn: (msg, fields) => myLog.warn({ ...fields }, msg),
 *   error: (msg, fields) => myLog.error({ ...fields }, msg),
 * };
 * const client = new CreditPlatform({ logger, logLevel: 'debug' });
 * ```
 */
export interface Logger {
  /** One line per attempt (operation, method, path, status, attempt, elapsed ms, the next wait) and per pacing wait. */
  debug(message: string, fields?: Record<string, unknown>): void;
  /** Recoveries that need no action, e.g. the shared pacing store reachable again. */
  info(message: string, fields?: Record<string, unknown>): void;
  /** Waits the service imposed (`Retry-After`, `X-RateLimit-Reset`), retries given up, a pacing store lost. */
  warn(message: string, fields?: Record<string, unknown>): void;
  /** Reserved for failures of the client itself. */
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * How much the client logs: `'off'`, or the least severe level written.
 *
 * @example
 * ```ts
 * const level: LogLevel = process.env.NODE_ENV === 'production' ? 'warn' : 'debug';
 * ```
 */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';
