import { ConfigurationError } from '../errors/index.js';
import { checkBaseUrl, warnIfCleartext } from './base-url.js';
import { headerEntries, headerProblem } from './header-rules.js';
import { checkOptionNames } from './option-names.js';
import { type LevelledLogger, type Logger, type LogLevel, levelled, parseLogLevel } from './logger.js';
import type { QueryValue } from './http.js';
import { MemoryPacingStore } from './pacing/memory-store.js';
import { resolvePacing } from './pacing/limits.js';
import type { PacingLimit, PacingOptions, PacingStore } from './pacing/types.js';
import type { Middleware } from './middleware.js';

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
 * Options for {@link CreditPlatform}. Every option has a default; `apiKey` and `baseUrl` fall back
 * to the environment variables `CREDIT_PLATFORM_API_KEY` and `CREDIT_PLATFORM_BASE_URL`.
 *
 * @example
 * ```ts
 * import { CreditPlatform } from 'credit-platform';
 * const client = new CreditPlatform({
 *   apiKey: async () => secrets.get('credit-platform-key'), // re-read on every request
 *   baseUrl: 'https://api.example.com/api/v1',
 *   timeout: 10_000,
 *   maxRetries: 3,
 * });
 * ```
 */
export interface ClientOptions {
  /**
   * The API key, or an async function returning it (called before every request, so a rotated
   * key is picked up without a restart). Default: `process.env.CREDIT_PLATFORM_API_KEY`.
   */
  apiKey?: string | (() => string | Promise<string>);
  /** The service's base address, ending in `/api/v1`. Default: `process.env.CREDIT_PLATFORM_BASE_URL`. */
  baseUrl?: string;
  /** Milliseconds per attempt, covering the response headers and the whole body. Default 30 000. */
  timeout?: number;
  /** Retries after the first attempt, for failures that are safe to retry. Default 2. */
  maxRetries?: number;
  /**
   * The longest the service may make a call wait before retrying, in ms: a 429's `Retry-After` or
   * `X-RateLimit-Reset`, a 503's `Retry-After`. When it asks for longer, the error is thrown at
   * once instead of sleeping. Default 60 000.
   */
  maxRateLimitWait?: number;
  /** A fetch implementation. Default: the global `fetch`, looked up at each request. */
  fetch?: Fetch;
  /** Headers sent with every request (the SDK's own `X-API-Key` and `User-Agent` win). */
  defaultHeaders?: Record<string, string>;
  /** Check each response against its schema. Default `true`. */
  validateResponses?: boolean;
  /** Where log lines go. Default `console`. The key is never written. */
  logger?: Logger;
  /** How much is logged. Default: `process.env.CREDIT_PLATFORM_LOG`, else `'warn'`. */
  logLevel?: LogLevel;
  /**
   * Client-side pacing under the rate limit; off by default. `{ tier }` or `{ limits }`, and a
   * `store` (`createRedisPacingStore` from `credit-platform/redis`) to share the budget between
   * processes. Requests then wait their turn instead of being sent into a 429.
   */
  pacing?: PacingOptions;
  /**
   * Steps run around every attempt, inside the retry loop, first one outermost. They never see
   * the key: `X-API-Key` is added after the last one.
   */
  middleware?: readonly Middleware[];
  /** Milliseconds for a whole call, every attempt and every wait between them included. Default: no bound. */
  totalTimeout?: number;
  /**
   * The largest response body, in bytes, a call reads; default 32 MiB ({@link DEFAULTS}). Bytes
   * are counted as they arrive: a `Content-Length` above the limit is refused before the body
   * is read, and a body that passes it stops being read there (the connection is dropped). The
   * call then fails with an `InvalidResponseError` that names the limit, and is not retried.
   *
   * Why 32 MiB: the service's largest answer is a page of at most 100 records, well under
   * 1 MiB, so the limit is far above anything it sends. A body is held as bytes, then as text,
   * then as parsed objects, which costs a call about five times the body's size (measured: a
   * 31 MiB body raised the process's RSS by about 160 MB; a 128 MiB one, unbounded, by about
   * 650 MB), so 32 MiB keeps one call's worst case in the low hundreds of MB instead of whatever
   * a broken proxy or a hostile server chooses to stream. Raise it for an undeclared endpoint
   * (`client.request`) that really answers with more. At most 536 870 888: a body is decoded
   * into one string, and no JavaScript string can be longer.
   *
   * @example
   * ```ts
   * const client = new CreditPlatform({ maxResponseBytes: 8 * 1024 * 1024 }); // 8 MiB
   * const report = await client.request('GET', '/reports/yearly', { maxResponseBytes: 256 * 1024 * 1024 });
   * ```
   */
  maxResponseBytes?: number;
  /**
   * The client refuses to be constructed in a browser (where `window` and `document` exist): an
   * API key in a web page is a published key. Set `true` only for a trusted, non-public page.
   */
  dangerouslyAllowBrowser?: boolean;
}

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
 * // While the loop body works on one page, the next one is already on its way.
 * for await (const tx of client.transactions.list({ limit: 100 }, { prefetch: 1 })) await save(tx);
 * ```
 */
export interface ListRequestOptions extends RequestOptions {
  /**
   * Pages fetched ahead of the consumer: an integer from 0 (the default: the next page is asked
   * for when the loop reaches it) to 4. Memory holds at most `prefetch + 1` pages; leaving the
   * loop early aborts what is in flight and costs at most `prefetch` extra requests.
   */
  prefetch?: number;
}

/**
 * Defaults, in one place so the docs and the code cannot drift.
 *
 * @example
 * ```ts
 * import { CreditPlatform, DEFAULTS } from 'credit-platform';
 * const patient = new CreditPlatform({ timeout: DEFAULTS.timeout * 2 });
 * ```
 */
export const DEFAULTS = {
  /** {@link ClientOptions.timeout}: 30 s per attempt. */
  timeout: 30_000,
  /** {@link ClientOptions.maxRetries}: two retries after the first attempt. */
  maxRetries: 2,
  /** {@link ClientOptions.maxRateLimitWait}: wait up to 60 s for a 429 to clear. */
  maxRateLimitWait: 60_000,
  /** {@link ClientOptions.validateResponses}: responses are checked. */
  validateResponses: true,
  /** {@link ClientOptions.logLevel}: retries given up and rate-limit waits. */
  logLevel: 'warn',
  /**
   * {@link ClientOptions.maxResponseBytes}: 32 MiB, far above the service's largest page (100
   * records, under 1 MiB) and far below what holding a body costs a process to hurt it.
   */
  maxResponseBytes: 32 * 1024 * 1024,
} as const;

/** The client's options after defaults and checks: what the request pipeline runs on. */
export interface ResolvedOptions {
  apiKey: string | (() => string | Promise<string>);
  baseUrl: string;
  timeout: number;
  maxRetries: number;
  maxRateLimitWait: number;
  fetch: Fetch | undefined;
  defaultHeaders: Record<string, string>;
  validateResponses: boolean;
  /** The logger with `logLevel` applied. */
  log: LevelledLogger;
  /** Pacing's windows and store (the in-memory one unless a store was given); `undefined` when off. */
  pacing: { limits: readonly PacingLimit[]; store: PacingStore } | undefined;
  middleware: readonly Middleware[];
  totalTimeout: number | undefined;
  maxResponseBytes: number;
}

function env(name: string): string | undefined {
  const value = typeof process === 'undefined' ? undefined : process.env?.[name];
  return value === undefined || value === '' ? undefined : value;
}

/** The ranges of the numeric options, shared with the per-call checks (call-checks.ts). */
export const OPTION_RANGES = {
  timeout: { min: 1, max: 2_147_483_647 },
  totalTimeout: { min: 1, max: 2_147_483_647 },
  maxRetries: { min: 0, max: 10 },
  maxRateLimitWait: { min: 0, max: 2_147_483_647 },
  // The body is decoded into one string: V8 holds none longer (2 ** 29 - 24 characters).
  maxResponseBytes: { min: 1, max: 536_870_888 },
} as const;

/** Whether `value` is an integer within the range of `option`. */
export function inRange(option: keyof typeof OPTION_RANGES, value: number): boolean {
  const { min, max } = OPTION_RANGES[option];
  return Number.isInteger(value) && value >= min && value <= max;
}

function checkCount(option: keyof typeof OPTION_RANGES, value: number): number {
  const { min, max } = OPTION_RANGES[option];
  if (!inRange(option, value)) {
    throw new ConfigurationError(option, `\`${option}\` must be an integer from ${min} to ${max}; got ${String(value)}.`);
  }
  return value;
}

function checkDefaultHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  for (const [name, value] of headerEntries(headers)) {
    const problem = headerProblem(name, value);
    if (problem) throw new ConfigurationError('defaultHeaders', `\`defaultHeaders\`: ${problem.message}.`);
  }
  return { ...headers };
}

function resolveLogger(options: ClientOptions): LevelledLogger {
  const fromEnv = env('CREDIT_PLATFORM_LOG');
  const level =
    options.logLevel !== undefined
      ? parseLogLevel(options.logLevel, '`logLevel`')
      : fromEnv !== undefined
        ? parseLogLevel(fromEnv, 'CREDIT_PLATFORM_LOG')
        : DEFAULTS.logLevel;
  const logger = options.logger ?? console;
  for (const method of ['debug', 'info', 'warn', 'error'] as const) {
    if (typeof logger[method] !== 'function') {
      throw new ConfigurationError('logger', `\`logger\` must have a \`${method}\` method (console fits).`);
    }
  }
  return levelled(logger, level);
}

function withStore(pacing: ReturnType<typeof resolvePacing>): ResolvedOptions['pacing'] {
  return pacing && { limits: pacing.limits, store: pacing.store ?? new MemoryPacingStore() };
}

function checkMiddleware(value: unknown): readonly Middleware[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((m) => typeof m !== 'function')) {
    throw new ConfigurationError(
      'middleware',
      '`middleware` must be an array of functions `(request, next) => Promise<Response>`.',
    );
  }
  return [...value];
}

// A key in a web page is a published key; the check runs before anything else reads options.
function checkBrowser(options: ClientOptions): void {
  const g = globalThis as { window?: unknown; document?: unknown };
  if (g.window !== undefined && g.document !== undefined && options.dangerouslyAllowBrowser !== true) {
    throw new ConfigurationError(
      'dangerouslyAllowBrowser',
      'This looks like a browser: an API key in a web page can be read by anyone who loads it. Call the API from your server; if this page is trusted and private, pass `dangerouslyAllowBrowser: true`.',
    );
  }
}

/** Applies env fallbacks and defaults, and rejects configurations that cannot work. */
export function resolveOptions(options: ClientOptions): ResolvedOptions {
  checkOptionNames(options);
  checkBrowser(options);
  const apiKey = options.apiKey ?? env('CREDIT_PLATFORM_API_KEY');
  if (apiKey === undefined || (typeof apiKey === 'string' && apiKey.trim() === '')) {
    throw new ConfigurationError(
      'apiKey',
      'No API key: pass `apiKey` to `new CreditPlatform({ apiKey })` or set CREDIT_PLATFORM_API_KEY. Keys are created in the dashboard under Settings > API Keys.',
    );
  }
  if (typeof apiKey !== 'string' && typeof apiKey !== 'function') {
    throw new ConfigurationError('apiKey', '`apiKey` must be a string or a function returning one.');
  }
  const baseUrl = options.baseUrl ?? env('CREDIT_PLATFORM_BASE_URL');
  if (baseUrl === undefined || baseUrl.trim() === '') {
    throw new ConfigurationError(
      'baseUrl',
      'No base URL: pass `baseUrl` (the service address ending in /api/v1) or set CREDIT_PLATFORM_BASE_URL.',
    );
  }
  const checkedBaseUrl = checkBaseUrl(baseUrl.trim());
  const log = resolveLogger(options);
  warnIfCleartext(checkedBaseUrl, log);
  return {
    apiKey,
    baseUrl: checkedBaseUrl,
    timeout: checkCount('timeout', options.timeout ?? DEFAULTS.timeout),
    maxRetries: checkCount('maxRetries', options.maxRetries ?? DEFAULTS.maxRetries),
    maxRateLimitWait: checkCount('maxRateLimitWait', options.maxRateLimitWait ?? DEFAULTS.maxRateLimitWait),
    fetch: options.fetch,
    defaultHeaders: checkDefaultHeaders(options.defaultHeaders),
    validateResponses: options.validateResponses ?? DEFAULTS.validateResponses,
    log,
    pacing: withStore(resolvePacing(options.pacing)),
    middleware: checkMiddleware(options.middleware),
    totalTimeout: options.totalTimeout === undefined ? undefined : checkCount('totalTimeout', options.totalTimeout),
    maxResponseBytes: checkCount('maxResponseBytes', options.maxResponseBytes ?? DEFAULTS.maxResponseBytes),
  };
}
