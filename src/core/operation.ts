import type { z } from 'zod';
import type { HttpMethod } from './http.js';

/**
 * One operation of the API, declared as data: method, path template, the schemas of its path
 * parameters, query and body, and the schema of its result (for a list: of one item). The
 * resource classes, the docs and the testing kit all read these declarations.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * const retrieveDeposit = defineOperation({
 *   method: 'GET',
 *   path: 'deposits/{depositId}',
 *   documented: false,
 *   pathParams: z.object({ depositId: idRule }),
 *   response: depositSchema,
 * });
 * ```
 */
export interface Operation<R extends z.ZodType = z.ZodType> {
  readonly method: HttpMethod;
  /** Relative to the base URL, no leading slash; `{name}` marks a path parameter. */
  readonly path: string;
  /** `true` when the service documents the operation; `false` when it follows the REST conventions (see docs/design/operations.md). */
  readonly documented: boolean;
  readonly pathParams?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The result's schema; for a list operation, the schema of one item. */
  readonly response: R;
  /** Present on cursor-paginated lists: the resource-named array the page-shape rule may find items under. */
  readonly list?: { readonly resourceKey: string };
}

/** Declares an operation, keeping its literal types. */
export function defineOperation<const O extends Operation>(operation: O): O {
  return operation;
}

/** The values a call supplies for an operation's parts. */
export interface OperationInput {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** Fills a path template; every parameter is percent-encoded so an id cannot change the route. */
export function fillPath(template: string, params: Record<string, unknown> | undefined): string {
  if (!template.includes('{')) return template;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params?.[name])));
}
