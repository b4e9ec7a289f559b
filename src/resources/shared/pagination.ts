import * as z from 'zod/mini';
import { type RequestParams, requestBody } from './bodies.js';
import { cursorRule, limitRule } from './primitives.js';

/** Cursor pagination parameters (spec 2.6), the query of every list operation. */
export const listQuery = requestBody({
  /** A `nextCursor` from an earlier page (or an error's `resumeCursor`), to resume from; omit it or pass `null` to start at the first page. */
  cursor: z.optional(cursorRule),
  /** Items per page: an integer from 1 to 100; the service defaults to 25. */
  limit: z.optional(limitRule),
});

/**
 * Parameters of every `list()`: `limit` is an integer from 1 to 100 (default 25), `cursor` a
 * saved `nextCursor` or an error's `resumeCursor` to resume from (`null` starts at the first page,
 * so a finished walk, whose last `nextCursor` is `null`, must be checked with `hasNextPage()`
 * before it is resumed).
 *
 * @example
 * ```ts
 * const savedCursor: string | null = null; // e.g. a page's nextCursor, saved by an earlier run
 * const params: ListParams = { limit: 100, cursor: savedCursor };
 * ```
 */
export interface ListParams extends z.input<typeof listQuery>, RequestParams {}
