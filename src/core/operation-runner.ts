import * as z from 'zod/mini';
import { InvalidResponseError, RequestValidationError } from '../errors/index.js';
import { APIPromise } from './api-promise.js';
import { safeParse } from './safe-parse.js';
import { mergeExtras } from './extra-fields.js';
import { inPlaceCheck } from './in-place-check.js';
import type { HttpCall, HttpMethod, HttpResult, QueryValue } from './http.js';
import type { Transport } from './lazy-http.js';
import { type AnySchema, fillPath, type InputOf, type Operation, type OperationInput, type ResultOf } from './operation.js';
import { checkPrefetch } from './list-errors.js';
import { CALL_OPTIONS, checkRequestOptionNames, LIST_OPTIONS } from './option-names.js';
import type { ListRequestOptions, RequestOptions } from './options.js';
import { Page } from './page.js';
import { PagePromise } from './page-promise.js';
import { readPageShape } from './page-shape.js';
import { withSignal } from './read-ahead.js';
import { validateRequest } from './validate-request.js';

/**
 * Runs declared {@link Operation}s: validates the input before anything is sent, sends through
 * the HTTP core, and validates the result against the operation's schema.
 */
export class OperationRunner {
  readonly #http: Transport;
  readonly #validateResponses: boolean;
  // The resource-method name of each declared operation (`'transactions.list'`), for logs and
  // traces; given by the client so that core does not depend on the resources.
  readonly #names: ReadonlyMap<Operation, string>;

  constructor(http: Transport, validateResponses: boolean, names: ReadonlyMap<Operation, string>) {
    this.#http = http;
    this.#validateResponses = validateResponses;
    this.#names = names;
  }

  /** Runs a single-result operation. */
  call<O extends Operation>(op: O, input: InputOf<O>, options?: RequestOptions): APIPromise<ResultOf<O>> {
    return new APIPromise(
      () => this.#send(op, input as OperationInput, options),
      (result) => this.parse<O['response']>(op.response, result.data, result, `${op.method} /${op.path}`),
    );
  }

  /** Runs a cursor-paginated list operation; nothing is sent until the result is awaited or iterated. */
  list<O extends Operation>(op: O, typed: InputOf<O>, options?: ListRequestOptions): PagePromise<ResultOf<O>> {
    type T = ResultOf<O>;
    const given = typed as OperationInput;
    const resourceKey = op.list?.resourceKey ?? 'items';
    const prefetch = options?.prefetch;
    // `cursor: null` (an error's resumeCursor of a first page) starts from the first page.
    const input = given.query?.cursor === null ? { ...given, query: { ...given.query, cursor: undefined } } : given;
    const toPage = (result: HttpResult, cursorSent: string | undefined): Page<T> => {
      const shape = readPageShape(result.data, resourceKey, result.response.status);
      if (shape.nextCursor !== null && shape.nextCursor === cursorSent) {
        throw new InvalidResponseError(
          `${op.method} /${op.path} answered cursor "${cursorSent}" with the same cursor as its next one; stopping instead of looping forever.`,
          { status: result.response.status, body: result.redactedBody?.() ?? '' },
        );
      }
      const items = this.parse(itemsSchemaOf(op.response), shape.items, result, `${op.method} /${op.path}`) as T[];
      return new Page<T>(items, shape.nextCursor, fetchPage, prefetch);
    };
    // The parameters are checked once, for the first page; later pages differ only by the
    // cursor the service handed out, so they skip the schema (a zod parse per page).
    let checked: HttpCall | undefined;
    const fetchPage = async (cursor: string, signal?: AbortSignal): Promise<Page<T>> => {
      checked ??= this.#prepare(op, input, options, LIST_OPTIONS);
      const call = { ...checked, query: { ...checked.query, cursor }, options: withSignal(options, signal) };
      return toPage(await this.#http.send(call), cursor);
    };
    const firstCursor = typeof input.query?.cursor === 'string' ? input.query.cursor : undefined;
    return new PagePromise<T>(
      () => {
        try {
          checkPrefetch(prefetch);
          checked = this.#prepare(op, input, options, LIST_OPTIONS);
        } catch (error) {
          return Promise.reject(error);
        }
        return this.#http.send(checked);
      },
      (result) => toPage(result, firstCursor),
      firstCursor ?? null,
    );
  }

  /** Runs an undeclared call (`client.request`); the result is checked only when a schema is given. */
  raw<S extends AnySchema>(
    method: HttpMethod,
    path: string,
    input: { query?: Record<string, QueryValue> | undefined; body?: unknown },
    schema: S | undefined,
    options: RequestOptions | undefined,
  ): APIPromise<z.output<S>> {
    const query = options?.extraQuery ? { ...input.query, ...options.extraQuery } : input.query;
    const extraBody = options?.extraBody;
    const mergeable =
      input.body === undefined || (typeof input.body === 'object' && input.body !== null && !Array.isArray(input.body));
    return new APIPromise(
      () => {
        if (extraBody && !mergeable) {
          return Promise.reject(
            new RequestValidationError(`${method} /${path} was not sent: extraBody needs a JSON object body to merge into.`, [
              { field: 'extraBody', code: 'NO_BODY', message: 'needs a JSON object body to merge into' },
            ]),
          );
        }
        const body = extraBody ? { ...(input.body as Record<string, unknown> | undefined), ...extraBody } : input.body;
        return this.#http.send({ method, path, query, body, options });
      },
      (result) => (schema ? this.parse(schema, result.data, result, `${method} /${path}`) : (result.data as z.output<S>)),
    );
  }

  /** Checks `data` against `schema` when response validation is on. */
  parse<S extends AnySchema>(schema: S, data: unknown, result: HttpResult, where: string): z.output<S> {
    if (!this.#validateResponses) return data as z.output<S>;
    // Freshly parsed JSON that zod would output unchanged is handed out without zod's copy.
    // Responses only: a request body the caller still holds is copied by zod as before.
    if (inPlaceCheck(schema)?.(data)) return data as z.output<S>;
    const parsed = safeParse(schema, data);
    if (parsed.success) return parsed.data;
    const issues = parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
      code: issue.code,
    }));
    const first = issues[0];
    throw new InvalidResponseError(
      `${where} returned data that does not match its schema${first ? ` at "${first.path || '(data)'}": ${first.message}` : ''}. Pass validateResponses: false to receive it unchecked.`,
      { status: result.response.status, body: result.redactedBody?.() ?? '', issues },
    );
  }

  #send(op: Operation, input: OperationInput, options: RequestOptions | undefined): Promise<HttpResult> {
    try {
      return this.#http.send(this.#prepare(op, input, options, CALL_OPTIONS));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Checks a call's input against its operation and builds what is sent; throws what it refuses. */
  #prepare(
    op: Operation,
    input: OperationInput,
    options: RequestOptions | undefined,
    optionNames: ReadonlySet<string>,
  ): HttpCall {
    const what = `${op.method} /${op.path}`;
    if (options !== undefined) checkRequestOptionNames(options, optionNames, what);
    const path = op.pathParams ? validateRequest(op.pathParams, input.path ?? {}, what) : input.path;
    const query = op.query ? validateRequest(op.query, input.query ?? {}, what) : input.query;
    const body = op.body ? validateRequest(op.body, input.body, what) : input.body;
    const merged = mergeExtras(op, { query: query as Record<string, QueryValue> | undefined, body }, options, what);
    return {
      method: op.method,
      path: fillPath(op.path, path as Record<string, unknown> | undefined, what),
      query: merged.query,
      body: merged.body,
      options,
      operation: this.#names.get(op) ?? what,
    };
  }
}

const itemsSchemas = new WeakMap<AnySchema, AnySchema>();

// Built lazily so importing the SDK does not build a schema per list operation.
function itemsSchemaOf(item: AnySchema): AnySchema {
  let schema = itemsSchemas.get(item);
  if (!schema) {
    schema = z.array(item);
    itemsSchemas.set(item, schema);
  }
  return schema;
}
