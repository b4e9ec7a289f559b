import type * as z from 'zod/mini';
import { RequestValidationError } from '../../errors/index.js';
import type { HttpMethod } from '../types.js';

/** Any zod schema, classic or mini: both build on zod's core types. */
export type AnySchema = z.core.$ZodType;

/**
 * One operation of the API, declared as data: method, path template, the schemas of its path
 * parameters, query and body, and the schema of its result (for a list: of one item). The
 * resource classes, the fake in `credit-platform/testing`, `docs/design/operations.md` and the
 * tests all read these declarations (through `OPERATIONS`).
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini';
 * const retrieveDeposit = defineOperation({
 *   method: 'GET',
 *   path: 'deposits/{depositId}',
 *   documented: false,
 *   pathParams: z.object({ depositId: z.string() }),
 *   response: z.looseObject({ id: z.string(), amount: z.string() }),
 * });
 * ```
 */
export interface Operation {
  readonly method: HttpMethod;
  /** Relative to the base URL, no leading slash; `{name}` marks a path parameter. */
  readonly path: string;
  /** `true` when the service documents the operation; `false` when it follows the REST conventions (see docs/design/operations.md). */
  readonly documented: boolean;
  readonly pathParams?: AnySchema;
  readonly query?: AnySchema;
  readonly body?: AnySchema;
  /** The result's schema; for a list operation, the schema of one item. */
  readonly response: AnySchema;
  /** Present on cursor-paginated lists: the resource-named array the page-shape rule may find items under. */
  readonly list?: { readonly resourceKey: string };
  /** The HTTP status the service answers with on success (201 for a create). */
  readonly successStatus?: 200 | 201;
}

/** Declares an operation, keeping its literal types. */
export function defineOperation<const O extends Operation>(operation: O): O {
  return operation;
}

/** What one call of operation `O` returns (for a list: one item). */
export type ResultOf<O extends Operation> = z.output<O['response']>;

type Part<S, Name extends string, Optional extends boolean> = S extends AnySchema
  ? Optional extends true
    ? { [K in Name]?: z.input<S> }
    : { [K in Name]: z.input<S> }
  : { [K in Name]?: undefined };

/** The values a call supplies for an operation's parts, typed from its declaration. */
export type InputOf<O extends Operation> = Part<O['pathParams'], 'path', false> &
  Part<O['query'], 'query', true> &
  Part<O['body'], 'body', false>;

/** The values a call supplies, untyped (what the runner works on). */
export interface OperationInput {
  path?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
}

/** Whether `value` is a JSON object: not `null`, not an array. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The names of a path template's parameters: `'deposits/{depositId}'` gives `['depositId']`. */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}

/**
 * Fills a path template; every parameter is percent-encoded so an id cannot change the route.
 * A value no URL can carry (a lone UTF-16 surrogate, on which `encodeURIComponent` throws) is
 * the caller's {@link RequestValidationError}; `what` (`GET /deposits/{depositId}`) names the call.
 */
export function fillPath(template: string, params: Record<string, unknown> | undefined, what = template): string {
  if (!template.includes('{')) return template;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    try {
      return encodeURIComponent(String(params?.[name]));
    } catch {
      const message = 'is not valid text: it holds a lone UTF-16 surrogate, which no URL can carry';
      throw new RequestValidationError(`${what} was not sent: ${name} ${message}.`, [
        { field: name, code: 'INVALID_PATH_PARAM', message },
      ]);
    }
  });
}
