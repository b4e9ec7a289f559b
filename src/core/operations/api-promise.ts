import type { RateLimit } from '../../errors/index.js';
import { parseRateLimit } from '../observability/rate-limit-headers.js';
import { serviceRequestIdOf } from '../observability/request-id.js';

/**
 * The result of an operation together with the raw response it came from.
 *
 * @example
 * ```ts
 * const { data, response, rateLimit, requestId } = await client.accounts.me().withResponse();
 * console.log(response.status, rateLimit?.remaining, requestId, data.id);
 * ```
 */
export interface WithResponse<T> {
  /** The unwrapped, typed `data`: what awaiting the operation itself gives. */
  data: T;
  /** The fetch `Response`: status, headers, url. Its body was already read into `data`. */
  response: Response;
  /** The rate-limit state parsed from this response. */
  rateLimit: RateLimit | undefined;
  /**
   * The SDK's id of this call, the same across its retries: the `requestId` field of its log
   * lines and the `credit_platform.request_id` attribute of its span.
   */
  requestId: string;
  /**
   * The service's own id of the request, from its `X-Request-Id` response header, when it sent
   * a plausible one (printable ASCII, at most 128 characters); `undefined` otherwise.
   */
  serviceRequestId: string | undefined;
}

/** @internal What a call settles with: its checked `data`, the response it came from, its id. */
export interface Answer<T> {
  readonly data: T;
  readonly response: Response;
  readonly requestId: string;
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
  /** @internal The call's answer, once asked for (see {@link APIPromise.answer}). */
  protected answered: Promise<Answer<T>> | undefined;
  #withResponse: Promise<WithResponse<T>> | undefined;
  #data: Promise<T> | undefined;

  /**
   * @internal Built by the operation runner with the call already on its way, so
   * `client.keys.revoke(id)` works without `await`. A subclass that sends only when first
   * awaited or iterated (a list, so `list().toArray()` without `max` sends nothing) passes
   * nothing and overrides {@link APIPromise.start}.
   */
  constructor(answer?: Promise<Answer<T>>) {
    this.answered = answer;
  }

  /** @internal The request of a promise built without one, sent when first awaited. */
  protected start(): Promise<Answer<T>> {
    return Promise.reject(new TypeError('This APIPromise was built without a request.'));
  }

  /** @internal The call's answer, asked for once. */
  protected answer(): Promise<Answer<T>> {
    this.answered ??= this.start();
    return this.answered;
  }

  /**
   * Resolves to `{ data, response, rateLimit }`. Calling it more than once does not send again.
   *
   * @example
   * ```ts
   * const { data: deposit, response, rateLimit, requestId } = await client.deposits.retrieve('dep_123').withResponse();
   * console.log(response.status, requestId, rateLimit?.remaining, deposit.id);
   * ```
   */
  withResponse(): Promise<WithResponse<T>> {
    this.#withResponse ??= this.answer().then(withRateLimit);
    return this.#withResponse;
  }

  #dataPromise(): Promise<T> {
    this.#data ??= this.answer().then(dataOf);
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

// The rate-limit headers are parsed only when `.withResponse()` asks for them.
function withRateLimit<T>(answer: Answer<T>): WithResponse<T> {
  const { headers } = answer.response;
  return {
    data: answer.data,
    response: answer.response,
    rateLimit: parseRateLimit(headers),
    requestId: answer.requestId,
    serviceRequestId: serviceRequestIdOf(headers),
  };
}

/** @internal The `data` of an answer: what awaiting the call gives. */
export function dataOf<T>(answer: Answer<T>): T {
  return answer.data;
}
