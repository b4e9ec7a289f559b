import { InvalidResponseError } from '../errors/index.js';

/**
 * Where a list response keeps its items and its next cursor, as {@link readPageShape} found them.
 *
 * @example
 * ```ts
 * const shape: PageShape = readPageShape({ items: [{ id: 'tx_1' }], nextCursor: 'c2' }, 'transactions', 200);
 * ```
 */
export interface PageShape {
  /** This page's items, not yet checked against the record schema. */
  items: unknown[];
  /** The cursor of the next page, or `null` on the last page. */
  nextCursor: string | null;
}

type Bag = Record<string, unknown>;

function isBag(value: unknown): value is Bag {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function readCursor(bag: Bag): string | null | undefined {
  for (const key of ['nextCursor', 'next_cursor', 'cursor']) {
    const value = bag[key];
    if (typeof value === 'string') return value === '' ? null : value;
    if (value === null) return null;
  }
  return undefined;
}

function saysNoMore(bag: Bag): boolean {
  return bag.hasMore === false || bag.has_more === false;
}

/**
 * THE page-shape rule. The spec does not say where a list response puts its items and its next
 * cursor, so every list call reads `data` through this one function:
 *
 * - primarily `{ items: T[], nextCursor: string | null }`;
 * - `data` itself an array (a single page, no cursor);
 * - the items under `items`, `data`, or the resource's own name (e.g. `transactions`);
 * - the cursor as `nextCursor`, `next_cursor` or `cursor`, at the top or inside `pagination`;
 * - `hasMore` / `has_more: false` (top level or in `pagination`) ends the walk whatever the cursor;
 * - an empty-string cursor means no next page.
 *
 * Anything else is an {@link InvalidResponseError}. Exported for `client.request()` users who
 * page through an operation the resource classes do not cover yet.
 *
 * @param data - The envelope's `data`.
 * @param resourceKey - The resource-named array to look for, e.g. `transactions`.
 * @param status - The response status, for the error when `data` has no items.
 *
 * @example
 * ```ts
 * import { readPageShape } from 'credit-platform';
 * readPageShape({ transactions: [{ id: 'tx_1' }], pagination: { next_cursor: 'c2' } }, 'transactions', 200);
 * // { items: [{ id: 'tx_1' }], nextCursor: 'c2' }
 * readPageShape({ items: [], nextCursor: 'c3', hasMore: false }, 'transactions', 200);
 * // { items: [], nextCursor: null }
 * ```
 */
export function readPageShape(data: unknown, resourceKey: string, status: number): PageShape {
  if (Array.isArray(data)) return { items: data, nextCursor: null };
  if (isBag(data)) {
    const items = [data.items, data.data, data[resourceKey]].find(Array.isArray);
    if (items) {
      const pagination = isBag(data.pagination) ? data.pagination : undefined;
      const cursor = readCursor(data) ?? (pagination ? readCursor(pagination) : undefined) ?? null;
      const noMore = saysNoMore(data) || (pagination !== undefined && saysNoMore(pagination));
      return { items, nextCursor: noMore ? null : cursor };
    }
  }
  throw new InvalidResponseError(
    `A list response's data has no items array (looked for data[], data.items, data.data and data.${resourceKey})`,
    { status, body: safeStringify(data) },
  );
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
