import type { z } from 'zod';
import { InvalidResponseError } from '../errors/index.js';
import { APIPromise } from './api-promise.js';
import { compiled } from './compiled.js';
import type { HttpCore, HttpMethod, HttpResult, QueryValue } from './http.js';
import { fillPath, type Operation, type OperationInput } from './operation.js';
import { operationName } from './operation-names.js';
import type { RequestOptions } from './options.js';
import { Page } from './page.js';
import { PagePromise } from './page-promise.js';
import { readPageShape } from './page-shape.js';
import { validateRequest } from './validate-request.js';

/**
 * Runs declared {@link Operation}s: validates the input before anything is sent, sends through
 * the {@link HttpCore}, and validates the result against the operation's schema.
 */
export class OperationRunner {
  readonly #http: HttpCore;
  readonly #validateResponses: boolean;

  constructor(http: HttpCore, validateResponses: boolean) {
    this.#http = http;
    this.#validateResponses = validateResponses;
  }

  /** Runs a single-result operation. */
  call<R extends z.ZodType>(op: Operation<R>, input: OperationInput, options?: RequestOptions): APIPromise<z.output<R>> {
    return new APIPromise(
      () => this.#send(op, input, options),
      (result) => this.parse(op.response, result.data, result, `${op.method} /${op.path}`),
    );
  }

  /** Runs a cursor-paginated list operation; nothing is sent until the result is awaited or iterated. */
  list<R extends z.ZodType>(op: Operation<R>, input: OperationInput, options?: RequestOptions): PagePromise<z.output<R>> {
    type T = z.output<R>;
    const resourceKey = op.list?.resourceKey ?? 'items';
    const toPage = (result: HttpResult, cursorSent: string | undefined): Page<T> => {
      const shape = readPageShape(result.data, resourceKey, result.response.status);
      if (shape.nextCursor !== null && shape.nextCursor === cursorSent) {
        throw new InvalidResponseError(
          `${op.method} /${op.path} answered cursor "${cursorSent}" with the same cursor as its next one; stopping instead of looping forever.`,
          { status: result.response.status, body: result.redactedBody?.() ?? '' },
        );
      }
      const items = this.parse(itemsSchemaOf(op.response), shape.items, result, `${op.method} /${op.path}`) as T[];
      return new Page<T>(items, shape.nextCursor, fetchPage);
    };
    const fetchPage = async (cursor: string): Promise<Page<T>> => {
      const result = await this.#send(op, { ...input, query: { ...input.query, cursor } }, options);
      return toPage(result, cursor);
    };
    const firstCursor = input.query?.cursor;
    return new PagePromise<T>(
      () => this.#send(op, input, options),
      (result) => toPage(result, typeof firstCursor === 'string' ? firstCursor : undefined),
    );
  }

  /** Runs an undeclared call (`client.request`); the result is checked only when a schema is given. */
  raw<S extends z.ZodType>(
    method: HttpMethod,
    path: string,
    input: { query?: Record<string, QueryValue> | undefined; body?: unknown },
    schema: S | undefined,
    options: RequestOptions | undefined,
  ): APIPromise<z.output<S>> {
    return new APIPromise(
      () => this.#http.send({ method, path, query: input.query, body: input.body, options }),
      (result) => (schema ? this.parse(schema, result.data, result, `${method} /${path}`) : (result.data as z.output<S>)),
    );
  }

  /** Checks `data` against `schema` when response validation is on. */
  parse<S extends z.ZodType>(schema: S, data: unknown, result: HttpResult, where: string): z.output<S> {
    if (!this.#validateResponses) return data as z.output<S>;
    const parsed = compiled(schema).safeParse(data);
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
    const what = `${op.method} /${op.path}`;
    try {
      const path = op.pathParams ? validateRequest(op.pathParams, input.path ?? {}, what) : input.path;
      const query = op.query ? validateRequest(op.query, input.query ?? {}, what) : input.query;
      const body = op.body ? validateRequest(op.body, input.body, what) : input.body;
      return this.#http.send({
        method: op.method,
        path: fillPath(op.path, path as Record<string, unknown> | undefined),
        query: query as Record<string, QueryValue> | undefined,
        body,
        options,
        operation: operationName(op),
      });
    } catch (error) {
      return Promise.reject(error);
    }
  }
}

const itemsSchemas = new WeakMap<z.ZodType, z.ZodType>();

// Built lazily so importing the SDK does not build a schema per list operation.
function itemsSchemaOf(item: z.ZodType): z.ZodType {
  let schema = itemsSchemas.get(item);
  if (!schema) {
    schema = (item as z.ZodType & { array(): z.ZodType }).array();
    itemsSchemas.set(item, schema);
  }
  return schema;
}
