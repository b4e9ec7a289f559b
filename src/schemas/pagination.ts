import { z } from 'zod';
import { cursorRule, limitRule } from './primitives.js';

/** Cursor pagination parameters (spec 2.6), the query of every list operation. */
export const listQuery = z.object({
  /** A `nextCursor` from an earlier page (or an error's `resumeCursor`), to resume from; omit it or pass `null` to start at the first page. */
  cursor: cursorRule.nullish(),
  /** Items per page: an integer from 1 to 100; the service defaults to 25. */
  limit: limitRule.optional(),
});

/**
 * Parameters of every `list()`: `limit` is an integer from 1 to 100 (default 25), `cursor` a
 * saved `nextCursor` to resume from.
 *
 * @example
 * ```ts
 * const params: ListParams = { limit: 100, cursor: savedCursor };
 * ```
 *
 * @interface
 */
export type ListParams = z.input<typeof listQuery>;
