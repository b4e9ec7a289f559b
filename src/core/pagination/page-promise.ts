import { InvalidResponseError } from '../../errors/index.js';
import { LIST_OPTIONS } from '../config/option-names.js';
import { checkPrefetch } from '../config/per-call-checks.js';
import { newRequestId, withRequestId } from '../observability/request-id.js';
import { type Answer, APIPromise, dataOf } from '../operations/api-promise.js';
import { isJsonObject, type Operation, type OperationInput } from '../operations/operation.js';
import { prepareCall } from '../operations/request-check.js';
import { checkResponse, itemsSchemaOf } from '../operations/response-check.js';
import type { HttpCall, HttpResult, ListRequestOptions, Transport } from '../types.js';
import { checkToArrayOptions, ItemIterator, Page, type ToArrayOptions } from './page.js';
import { withSignal } from './read-ahead.js';
import { withResumeCursor } from './resume-cursor.js';

/** @internal What a list call is made of; the operation runner gives it. */
export interface ListCall {
  readonly transport: Transport;
  readonly op: Operation;
  readonly input: OperationInput;
  readonly options: ListRequestOptions | undefined;
  readonly validateResponses: boolean;
  /** The resource method, e.g. `'transactions.list'`, for logs and traces. */
  readonly name: string | undefined;
}

/**
 * What `list()` returns: a promise of the first {@link Page} that is also an async iterable over
 * every item of every page. It is the list call itself, from its checked parameters to each page:
 * the pages it makes ask it for the ones after them.
 *
 * @example
 * ```ts
 * for await (const tx of client.transactions.list({ limit: 100 })) console.log(tx.id);
 * const first500 = await client.transactions.list().toArray({ max: 500 });
 * for await (const page of client.transactions.list().pages()) console.log(page.items.length);
 * ```
 */
export class PagePromise<T> extends APIPromise<Page<T>> implements AsyncIterable<T> {
  readonly #call: ListCall;
  readonly #firstCursor: string | undefined;
  // Checked once, for the first page: later pages differ only by the cursor the service handed
  // out, so they skip the schema (a zod parse per page).
  #prepared: HttpCall | undefined;

  /** @internal Built by the operation runner; nothing is sent until it is awaited or iterated. */
  constructor(call: ListCall) {
    super();
    const cursor = call.input.query?.cursor;
    // `cursor: null` (a first page's resumeCursor, passed back) starts from the first page.
    this.#call =
      cursor === null ? { ...call, input: { ...call.input, query: { ...call.input.query, cursor: undefined } } } : call;
    this.#firstCursor = typeof cursor === 'string' ? cursor : undefined;
  }

  /** Every item of every page, exactly once, in order, one page in memory at a time. */
  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return new ItemIterator<T>(this);
  }

  /** @internal The first page, asked for once however often it is awaited or iterated. */
  firstPage(): Promise<Page<T>> {
    return this.answer().then(dataOf<Page<T>>);
  }

  /** @internal Sends the first page's request; an error carries `resumeCursor`. */
  protected override async start(): Promise<Answer<Page<T>>> {
    const first = this.#firstCursor;
    try {
      checkPrefetch(this.#call.options?.prefetch);
      const result = await this.#call.transport.send(this.#prepare());
      return { data: this.#toPage(result, first), response: result.response, requestId: result.requestId };
    } catch (error) {
      // Refused before the transport (a bad parameter): the call still gets an id.
      throw withResumeCursor(withRequestId(error, newRequestId()), first ?? null);
    }
  }

  /**
   * @internal The page that starts at `cursor`, with the same list parameters; `signal` (a
   * read-ahead's own) aborts it alongside the caller's.
   */
  async fetchPage(cursor: string, signal?: AbortSignal): Promise<Page<T>> {
    const prepared = this.#prepare();
    const call: HttpCall = {
      ...prepared,
      query: { ...prepared.query, cursor },
      options: withSignal(this.#call.options, signal),
    };
    return this.#toPage(await this.#call.transport.send(call), cursor);
  }

  #prepare(): HttpCall {
    const { op, input, options, name } = this.#call;
    this.#prepared ??= prepareCall(op, input, options, LIST_OPTIONS, name);
    return this.#prepared;
  }

  // Every error of a page's answer carries the id of the call that brought it.
  #toPage(result: HttpResult, cursorSent: string | undefined): Page<T> {
    const { op, options, validateResponses } = this.#call;
    const { status } = result.response;
    const resourceKey = op.list?.resourceKey ?? 'items';
    try {
      const shape = findPageShape(result.data, resourceKey);
      // The error keeps the call's redacted body, not `data` as the service sent it.
      if (!shape) throw noItemsArray(resourceKey, status, result.redactedBody());
      if (shape.nextCursor === cursorSent) {
        throw new InvalidResponseError(
          `${op.method} /${op.path} answered a cursor with that same cursor as its next one; stopping instead of looping forever.`,
          { status, body: result.redactedBody() },
        );
      }
      const items = checkResponse(itemsSchemaOf(op.response), shape.items, result, op, validateResponses) as T[];
      return new Page<T>(items, shape.nextCursor, this, options?.prefetch);
    } catch (error) {
      throw withRequestId(error, result.requestId);
    }
  }

  /**
   * The pages, first to last.
   *
   * @example
   * ```ts
   * for await (const page of client.transactions.list({ limit: 100 }).pages()) {
   *   console.log(page.items.length, page.nextCursor);
   * }
   * ```
   */
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    const first = await this;
    yield* first.pages();
  }

  /**
   * At most `max` items (required), fetching no further than needed: no page after the one that
   * brings the `max`-th item, read-ahead or not. `toArray({ max: 0 })` sends nothing.
   *
   * @example
   * ```ts
   * const latest = await client.transactions.list({ limit: 100 }).toArray({ max: 500 });
   * ```
   */
  async toArray(options: ToArrayOptions): Promise<T[]> {
    if (checkToArrayOptions(options) === 0) return [];
    const first = await this;
    return first.toArray(options);
  }
}

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
  const shape = findPageShape(data, resourceKey);
  if (!shape) throw noItemsArray(resourceKey, status, safeStringify(data));
  return shape;
}

/** The page shape {@link readPageShape} finds in `data`, or `undefined` when `data` has no items array. */
function findPageShape(data: unknown, resourceKey: string): PageShape | undefined {
  if (Array.isArray(data)) return { items: data, nextCursor: null };
  if (!isJsonObject(data)) return undefined;
  const items = [data.items, data.data, data[resourceKey]].find(Array.isArray);
  if (!items) return undefined;
  const pagination = isJsonObject(data.pagination) ? data.pagination : undefined;
  const cursor = readCursor(data) ?? (pagination ? readCursor(pagination) : undefined) ?? null;
  const noMore = saysNoMore(data) || (pagination !== undefined && saysNoMore(pagination));
  return { items, nextCursor: noMore ? null : cursor };
}

function noItemsArray(resourceKey: string, status: number, body: string): InvalidResponseError {
  return new InvalidResponseError(
    `A list response's data has no items array (looked for data[], data.items, data.data and data.${resourceKey})`,
    { status, body },
  );
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
