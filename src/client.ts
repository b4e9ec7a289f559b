import type * as z from 'zod/mini';
import { APIPromise } from './core/operations/api-promise.js';
import type { ClientOptions } from './core/config/client-options.js';
import { checkRequestOptionNames, RAW_OPTIONS } from './core/config/option-names.js';
import { resolveOptions } from './core/config/resolve-options.js';
import { parseRateLimit } from './core/observability/rate-limit-headers.js';
import type { Operation } from './core/operations/operation.js';
import { OperationRunner } from './core/operations/operation-runner.js';
import { checkRawRequest } from './core/operations/raw-request.js';
import type { PacingState, PacingStore } from './core/pacing/types.js';
import { HttpCore } from './core/transport/http-core.js';
import type { HttpMethod, RawRequestOptions } from './core/types.js';
import * as errors from './errors/index.js';
import { Accounts } from './resources/accounts/accounts.js';
import { Credit } from './resources/credit/credit.js';
import { Deposits } from './resources/deposits/deposits.js';
import { Keys } from './resources/keys/keys.js';
import { OPERATIONS } from './resources/operations.js';
import { Payments } from './resources/payments/payments.js';
import { Scores } from './resources/scores/scores.js';
import { Transactions } from './resources/transactions/transactions.js';
import { Webhooks } from './resources/webhooks/webhooks.js';
import { Yield } from './resources/yield/yield.js';

let names: ReadonlyMap<Operation, string> | undefined;

// Each declared operation's resource-method name (`'transactions.list'`), for logs and traces.
function operationNames(): ReadonlyMap<Operation, string> {
  names ??= new Map(Object.entries(OPERATIONS).map(([name, op]): [Operation, string] => [op, name]));
  return names;
}

/**
 * The Credit Platform client: one configured HTTP pipeline and a resource object per category
 * of the API. Every call injects `X-API-Key`, unwraps the response envelope into typed data or a
 * typed error, retries what is safe to retry, and records the rate-limit state.
 *
 * The records it returns are forward compatible, by one rule for all of them: a status, tier,
 * permission, event type, token or chain this SDK version does not know is accepted as the string
 * the service sent (typed `'known' | (string & {})`, so a `switch` over one needs a `default`),
 * and a field it does not know is kept on the object. Requests accept only the values this
 * version knows.
 *
 * @example
 * ```ts
 * import { CreditPlatform } from 'credit-platform';
 *
 * const client = new CreditPlatform(); // CREDIT_PLATFORM_API_KEY, CREDIT_PLATFORM_BASE_URL
 * const me = await client.accounts.me();
 * for await (const tx of client.transactions.list({ limit: 100 })) console.log(tx.id);
 * console.log(client.rateLimit?.remaining);
 *
 * // The error classes are also statics of the client class:
 * try {
 *   await client.deposits.retrieve('dep_missing');
 * } catch (error) {
 *   if (error instanceof CreditPlatform.NotFoundError) console.log(error.message); // "404 ..."
 * }
 * ```
 */
export class CreditPlatform {
  /** Accounts and KYC. */
  readonly accounts: Accounts;
  /** API keys. */
  readonly keys: Keys;
  /** Webhook subscriptions. */
  readonly webhooks: Webhooks;
  /** Transactions. */
  readonly transactions: Transactions;
  /** Deposits, and withdrawals under `deposits.withdrawals`. */
  readonly deposits: Deposits;
  /** Credit lines. */
  readonly credit: Credit;
  /** Payments against credit lines. */
  readonly payments: Payments;
  /** Yield positions and their configuration. */
  readonly yield: Yield;
  /** Reputation scores (read-only). */
  readonly scores: Scores;

  // The error classes as statics, for openai-node habits: `error instanceof CreditPlatform.NotFoundError`.
  // The very same classes as the named exports.
  /** Alias of the exported {@link errors.CreditPlatformError}. */
  static readonly CreditPlatformError = errors.CreditPlatformError;
  /** Alias of the exported {@link errors.ConfigurationError}. */
  static readonly ConfigurationError = errors.ConfigurationError;
  /** Alias of the exported {@link errors.RequestValidationError}. */
  static readonly RequestValidationError = errors.RequestValidationError;
  /** Alias of the exported {@link errors.APIError}. */
  static readonly APIError = errors.APIError;
  /** Alias of the exported {@link errors.BadRequestError}. */
  static readonly BadRequestError = errors.BadRequestError;
  /** Alias of the exported {@link errors.AuthenticationError}. */
  static readonly AuthenticationError = errors.AuthenticationError;
  /** Alias of the exported {@link errors.PermissionDeniedError}. */
  static readonly PermissionDeniedError = errors.PermissionDeniedError;
  /** Alias of the exported {@link errors.NotFoundError}. */
  static readonly NotFoundError = errors.NotFoundError;
  /** Alias of the exported {@link errors.ConflictError}. */
  static readonly ConflictError = errors.ConflictError;
  /** Alias of the exported {@link errors.UnprocessableEntityError}. */
  static readonly UnprocessableEntityError = errors.UnprocessableEntityError;
  /** Alias of the exported {@link errors.RateLimitError}. */
  static readonly RateLimitError = errors.RateLimitError;
  /** Alias of the exported {@link errors.InternalServerError}. */
  static readonly InternalServerError = errors.InternalServerError;
  /** Alias of the exported {@link errors.APIConnectionError}. */
  static readonly APIConnectionError = errors.APIConnectionError;
  /** Alias of the exported {@link errors.APITimeoutError}. */
  static readonly APITimeoutError = errors.APITimeoutError;
  /** Alias of the exported {@link errors.PacingTimeoutError}. */
  static readonly PacingTimeoutError = errors.PacingTimeoutError;
  /** Alias of the exported {@link errors.APIUserAbortError}. */
  static readonly APIUserAbortError = errors.APIUserAbortError;
  /** Alias of the exported {@link errors.InvalidResponseError}. */
  static readonly InvalidResponseError = errors.InvalidResponseError;

  readonly #options: ClientOptions;
  readonly #baseUrl: string;
  readonly #runner: OperationRunner;
  readonly #transport: HttpCore;
  readonly #pacingStore: PacingStore | undefined;
  // Read from the transport's recent rate-limit headers when asked for: most calls never ask.
  #rateLimit: errors.RateLimit | undefined;

  /**
   * Throws a `ConfigurationError` when the key or base URL is missing, the base URL is not http(s)
   * or has no path (or `/api/v1` twice), or an option name is unknown (it names the closest one).
   */
  constructor(options: ClientOptions = {}) {
    const resolved = resolveOptions(options);
    this.#options = { ...options };
    this.#baseUrl = resolved.baseUrl;
    this.#transport = new HttpCore(resolved);
    this.#pacingStore = resolved.pacing?.store;
    this.#runner = new OperationRunner(this.#transport, resolved.validateResponses, operationNames());
    this.accounts = new Accounts(this.#runner);
    this.keys = new Keys(this.#runner);
    this.webhooks = new Webhooks(this.#runner);
    this.transactions = new Transactions(this.#runner);
    this.deposits = new Deposits(this.#runner);
    this.credit = new Credit(this.#runner);
    this.payments = new Payments(this.#runner);
    this.yield = new Yield(this.#runner);
    this.scores = new Scores(this.#runner);
  }

  /**
   * The rate-limit state of the most recent response (success or error) that carried the
   * `X-RateLimit-*` headers; `undefined` before any.
   *
   * @example
   * ```ts
   * await client.accounts.me();
   * console.log(client.rateLimit?.remaining, client.rateLimit?.reset);
   * ```
   */
  get rateLimit(): errors.RateLimit | undefined {
    const recent = this.#transport.rateLimitHeaders;
    for (let i = recent.length - 1; i >= 0; i--) {
      const state = parseRateLimit(recent[i] as Headers);
      if (state) {
        this.#rateLimit = state;
        break;
      }
    }
    recent.length = 0;
    return this.#rateLimit;
  }

  /**
   * A new client with the same configuration and some options replaced, e.g. a rotated key.
   * The new client keeps its own rate-limit state. With `pacing` on, it paces on the same
   * store as this client (same key, same budget) unless the overrides give it a `store`.
   *
   * @example
   * ```ts
   * declare const newKey: string; // from your secret store
   * const rotated = client.withOptions({ apiKey: newKey });
   * const patient = client.withOptions({ timeout: 120_000, maxRetries: 5 });
   * ```
   */
  withOptions(overrides: ClientOptions): CreditPlatform {
    const next = { ...this.#options, ...overrides };
    if (next.pacing && next.pacing.store === undefined && this.#pacingStore) {
      next.pacing = { ...next.pacing, store: this.#pacingStore };
    }
    return new CreditPlatform(next);
  }

  /**
   * The pacer's view of this client's key (with `pacing` on): requests used and remaining per
   * window, when the next slot opens, how many calls are queued, and whether a shared store is
   * answering. Resolves to `undefined` when pacing is off.
   *
   * @example
   * ```ts
   * const state = await client.pacingState();
   * if (state) console.log(`${state.remaining} left; next slot at ${state.nextSlotAt.toISOString()}`);
   * ```
   */
  pacingState(): Promise<PacingState | undefined> {
    return this.#transport.pacingState();
  }

  /**
   * The escape hatch for operations the resource classes do not cover yet: the same key,
   * envelope unwrapping, errors and retries. `path` is relative to the base URL
   * (`'/credit/lines'` and `'credit/lines'` are the same); `method` is one of `GET`, `POST`,
   * `PUT`, `PATCH`, `DELETE`. Pass `schema` (zod or zod/mini) for a typed, checked result.
   *
   * @example
   * ```ts
   * import { z } from 'zod';
   * const limits = await client.request('GET', '/credit/limits', {
   *   schema: z.looseObject({ available: z.string() }),
   * });
   * ```
   */
  request<S extends z.core.$ZodType = z.ZodMiniUnknown>(
    method: HttpMethod,
    path: string,
    options: RawRequestOptions<S> = {},
  ): APIPromise<z.output<S>> {
    let checked: ReturnType<typeof checkRawRequest>;
    try {
      checked = checkRawRequest(method, path, this.#baseUrl);
      checkRequestOptionNames(options, RAW_OPTIONS, `${checked.method} /${checked.path}`);
    } catch (error) {
      return new APIPromise(Promise.reject(error));
    }
    const { query, body, schema, ...callOptions } = options ?? {};
    return this.#runner.raw(checked.method, checked.path, { query, body }, schema, callOptions);
  }

  /** Never shows the key: a client is safe to log. */
  toJSON(): Record<string, unknown> {
    return { name: 'CreditPlatform', baseUrl: this.#baseUrl };
  }

  /** @internal `util.inspect` shows the same redacted summary as `toJSON`. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `CreditPlatform ${JSON.stringify(this.toJSON())}`;
  }
}
