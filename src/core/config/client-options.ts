import type { Fetch, Middleware } from '../types.js';
import type { Logger, LogLevel } from '../types.js';
import type { PacingOptions } from '../pacing/types.js';

/**
 * Options for {@link CreditPlatform}. Every option has a default; `apiKey` and `baseUrl` fall back
 * to the environment variables `CREDIT_PLATFORM_API_KEY` and `CREDIT_PLATFORM_BASE_URL`.
 *
 * @example
 * ```ts
 * import { CreditPlatform } from 'credit-platform';
 * declare const secrets: { get(name: string): Promise<string> }; // your secret store
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
