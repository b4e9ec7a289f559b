import type { HttpResult } from './http.js';
import type { RateLimit } from './rate-limit.js';

/**
 * The result of an operation together with the raw response it came from.
 *
 * @example
 * ```ts
 * const { data, response, rateLimit } = await client.accounts.me().withResponse();
 * console.log(response.status, rateLimit?.remaining, data.id);
 * ```
 */
export interface WithResponse<T> {
  /** The unwrapped, typed `data`: what awaiting the operation itself gives. */
  data: T;
  /** The fetch `Response`: status, headers, url. Its body was already read into `data`. */
  response: Response;
  /** The rate-limit state parsed from this response. */
  rateLimit: RateLimit | undefined;
}

/**
 * A promise of an operation's unwrapped `data` that can also hand over the response:
 * `await op` gives the data, `await op.withResponse()` gives `{ data, response, rateLimit }`.
 * The request starts when the operation is called (lists: when first awaited or iterated).
 *
 * @example
 * ```ts
 * const me = await client.accounts.me();
 * const { rateLimit } = await client.accounts.me().withResponse();
 * ```
 */
export class APIPromise<T> implements Promise<T> {
  readonly #start: () => Promise<HttpResult>;
  readonly #parse: (result: HttpResult) => T;
  #result: Promise<WithResponse<T>> | undefined;
  #data: Promise<T> | undefined;

  /**
   * @internal Built by the client. `parse` turns the unwrapped result into `T`. An eager promise
   * sends at once (so `client.keys.revoke(id)` works without `await`); a lazy one sends when
   * first awaited or iterated (lists, so `list().toArray()` without `max` sends nothing).
   */
  constructor(start: () => Promise<HttpResult>, parse: (result: HttpResult) => T, lazy = false) {
    this.#start = start;
    this.#parse = parse;
    // The eager call's rejection is handled by whoever awaits it; withResponse memoizes it.
    if (!lazy) void this.withResponse();
  }

  /**
   * Resolves to `{ data, response, rateLimit }`. Calling it more than once does not send again.
   *
   * @example
   * ```ts
   * const { data: deposit, response, rateLimit } = await client.deposits.retrieve('dep_123').withResponse();
   * console.log(response.status, response.headers.get('x-request-id'), rateLimit?.remaining);
   * ```
   */
  withResponse(): Promise<WithResponse<T>> {
    this.#result ??= this.#start().then((r) => ({ data: this.#parse(r), response: r.response, rateLimit: r.rateLimit }));
    return this.#result;
  }

  #dataPromise(): Promise<T> {
    this.#data ??= this.withResponse().then((r) => r.data);
    return this.#data;
  }

  // biome-ignore lint/suspicious/noThenProperty: APIPromise is a thenable on purpose, like openai-node's
  then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#dataPromise().then(onfulfilled, onrejected);
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.#dataPromise().catch(onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#dataPromise().finally(onfinally);
  }

  /** `'APIPromise'`, so `Object.prototype.toString` and `util.inspect` name it. */
  get [Symbol.toStringTag](): string {
    return 'APIPromise';
  }
}
