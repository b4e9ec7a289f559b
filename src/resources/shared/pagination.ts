import * as z from 'zod/mini';
import { type RequestParams, requestBody } from './bodies.js';
import { cursorRule, limitRule } from './primitives.js';

/** Cursor pagination parameters (spec 2.6), the query of every list operation. */
export const listQuery = requestBody({
  /** A `nextCursor` from an earlier page, to resume from; omit it to start at the first page. */
  cursor: z.optional(cursorRule),
  /** Items per page: an integer from 1 to 100; the service defaults to 25. */
  limit: z.optional(limitRule),
});

/**
 * Parameters of every `list()`: `limit` is an integer from 1 to 100 (default 25), `cursor` a
 * saved `nextCursor` to resume from (a `null` one is refused: it means the walk had finished).
 *
 * @example
 * ```ts
 * const params: ListParams = { limit: 100, cursor: savedCursor };
 * ```
 */
export interface ListParams extends z.input<typeof listQuery>, RequestParams {}
