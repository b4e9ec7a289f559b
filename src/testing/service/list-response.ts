import type { Collection } from '../store/collection.js';
import { httpError, type Ok } from '../http-envelope.js';

/** Spec section 2.6. */
const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;

/** Reads `cursor` and `limit`; a limit that is not an integer in 1..100 is a 422. */
function listParams(query: URLSearchParams): { cursor: string | undefined; limit: number } {
  const rawLimit = query.get('limit');
  let limit = DEFAULT_LIMIT;
  if (rawLimit !== null) {
    limit = /^\d{1,4}$/.test(rawLimit) ? Number(rawLimit) : Number.NaN;
    if (!(limit >= 1 && limit <= MAX_LIMIT)) {
      throw httpError(422, 'INVALID_LIMIT', 'limit', `limit must be an integer from 1 to ${MAX_LIMIT}`);
    }
  }
  const cursor = query.get('cursor') || undefined;
  return { cursor, limit };
}

/** A list response `{ items, nextCursor }`, items passed through `present`. */
export function listResponse<T extends { id: string }, U = T>(
  collection: Collection<T>,
  query: URLSearchParams,
  present: (record: T) => U = (r) => r as unknown as U,
): Ok {
  const { cursor, limit } = listParams(query);
  const page = collection.page(cursor, limit);
  return { status: 200, data: { items: page.items.map(present), nextCursor: page.nextCursor } };
}

/** How much of a missing id a 404 repeats: the id comes from the request, so it is bounded. */
const SHOWN_ID_CHARS = 100;

/** The record, or a 404 naming what was looked for and the id that has no record. */
export function found<T>(record: T | undefined, what: string, id: string): T {
  if (record === undefined) {
    const shown = id.length > SHOWN_ID_CHARS ? `${id.slice(0, SHOWN_ID_CHARS)}…` : id;
    throw httpError(404, 'NOT_FOUND', 'id', `${what} ${JSON.stringify(shown)} does not exist`);
  }
  return record;
}
