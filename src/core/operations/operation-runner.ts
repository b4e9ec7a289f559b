import type * as z from 'zod/mini';
import { RequestValidationError } from '../../errors/index.js';
import { CALL_OPTIONS } from '../config/option-names.js';
import { newRequestId, withRequestId } from '../observability/request-id.js';
import { PagePromise } from '../pagination/page-promise.js';
import type { HttpMethod, HttpResult, ListRequestOptions, QueryValue, RequestOptions, Transport } from '../types.js';
import { type Answer, APIPromise } from './api-promise.js';
import { type AnySchema, type InputOf, isJsonObject, type Operation, type OperationInput, type ResultOf } from './operation.js';
import { prepareCall } from './request-check.js';
import { checkResponse } from './response-check.js';

/**
 * Runs declared {@link Operation}s: checks the input before anything is sent (request-check.ts),
 * sends through the transport, and checks the result against the operation's schema
 * (response-check.ts). A list call is its own object ({@link PagePromise}), which does the same
 * for every page.
 */
export class OperationRunner {
  readonly #transport: Transport;
  readonly #validateResponses: boolean;
  // The resource-method name of each declared operation (`'transactions.list'`), for logs and
  // traces; given by the client so that core does not depend on the resources.
  readonly #names: ReadonlyMap<Operation, string>;

  constructor(transport: Transport, validateResponses: boolean, names: ReadonlyMap<Operation, string>) {
    this.#transport = transport;
    this.#validateResponses = validateResponses;
    this.#names = names;
  }

  /** Runs a single-result operation; the request leaves at once. */
  call<O extends Operation>(op: O, input: InputOf<O>, options?: RequestOptions): APIPromise<ResultOf<O>> {
    return new APIPromise(this.#run<ResultOf<O>>(op, input as OperationInput, options));
  }

  /** Runs a cursor-paginated list operation; nothing is sent until the result is awaited or iterated. */
  list<O extends Operation>(op: O, input: InputOf<O>, options?: ListRequestOptions): PagePromise<ResultOf<O>> {
    return new PagePromise<ResultOf<O>>({
      transport: this.#transport,
      op,
      input: input as OperationInput,
      options,
      validateResponses: this.#validateResponses,
      name: this.#names.get(op),
    });
  }

  /** Runs an undeclared call (`client.request`); the result is checked only when a schema is given. */
  raw<S extends AnySchema>(
    method: HttpMethod,
    path: string,
    input: { query?: Record<string, QueryValue> | undefined; body?: unknown },
    schema: S | undefined,
    options: RequestOptions | undefined,
  ): APIPromise<z.output<S>> {
    return new APIPromise(this.#runRaw<S>(method, path, input, schema, options));
  }

  // The transport gives each call its id; a call refused before it reached the transport gets one
  // here, and a response refused after it keeps the transport's (result.requestId).
  async #run<T>(op: Operation, input: OperationInput, options: RequestOptions | undefined): Promise<Answer<T>> {
    let result: HttpResult | undefined;
    try {
      result = await this.#transport.send(prepareCall(op, input, options, CALL_OPTIONS, this.#names.get(op)));
      const data = checkResponse(op.response, result.data, result, op, this.#validateResponses) as T;
      return { data, response: result.response, requestId: result.requestId };
    } catch (error) {
      throw withRequestId(error, result?.requestId ?? newRequestId());
    }
  }

  async #runRaw<S extends AnySchema>(
    method: HttpMethod,
    path: string,
    input: { query?: Record<string, QueryValue> | undefined; body?: unknown },
    schema: S | undefined,
    options: RequestOptions | undefined,
  ): Promise<Answer<z.output<S>>> {
    let result: HttpResult | undefined;
    try {
      // An undeclared call's input has no schema: only what extraBody needs is checked.
      const extraBody = options?.extraBody;
      const body = input.body;
      if (extraBody && !(body === undefined || isJsonObject(body))) {
        throw new RequestValidationError(`${method} /${path} was not sent: extraBody needs a JSON object body to merge into.`, [
          { field: 'extraBody', code: 'NO_BODY', message: 'needs a JSON object body to merge into' },
        ]);
      }
      result = await this.#transport.send({
        method,
        path,
        query: options?.extraQuery ? { ...input.query, ...options.extraQuery } : input.query,
        body: extraBody ? { ...(body as Record<string, unknown> | undefined), ...extraBody } : body,
        options,
      });
      const data = schema
        ? checkResponse(schema, result.data, result, { method, path }, this.#validateResponses)
        : (result.data as z.output<S>);
      return { data, response: result.response, requestId: result.requestId };
    } catch (error) {
      throw withRequestId(error, result?.requestId ?? newRequestId());
    }
  }
}
