import * as z from 'zod/mini';
import type { APIPromise } from '../../core/operations/api-promise.js';
import { defineOperation } from '../../core/operations/operation.js';
import type { PagePromise } from '../../core/pagination/page-promise.js';
import type { ListRequestOptions, RequestOptions } from '../../core/types.js';
import { APIResource } from '../resource.js';
import { movementShape, openEnum, type RecordOf, recordSchema } from '../shared/fields.js';
import { type ListParams, listQuery } from '../shared/pagination.js';
import { idRule } from '../shared/primitives.js';

const transactionShape = {
  ...movementShape,
  /** What moved the money: `deposit`, `withdrawal`, `payment`, `yield` or `credit_draw`. */
  type: z.optional(openEnum<'deposit' | 'withdrawal' | 'payment' | 'yield' | 'credit_draw'>()),
};
/**
 * A transaction record, as listed by `GET /transactions`. The spec shows no fields; all but `id`
 * are optional. `amount` is a decimal string: hand it to a decimal library, not `Number`.
 *
 * @example
 * ```ts
 * for await (const tx of client.transactions.list({ limit: 100 })) {
 *   if (tx.type === 'deposit') console.log(tx.token, tx.amount);
 * }
 * ```
 */
export interface Transaction extends RecordOf<typeof transactionShape> {}
const transactionSchema = recordSchema<Transaction>(transactionShape);

/** The operations of `client.transactions`, keyed by resource method. */
const transactionOperations = {
  /** `GET /transactions`: a cursor-paginated list. Documented by the service. */
  'transactions.list': defineOperation({
    method: 'GET',
    path: 'transactions',
    documented: true,
    query: listQuery,
    response: transactionSchema,
    list: { resourceKey: 'transactions' },
  }),
  /** `GET /transactions/{transactionId}`. Conventional. */
  'transactions.retrieve': defineOperation({
    method: 'GET',
    path: 'transactions/{transactionId}',
    documented: false,
    pathParams: z.object({ transactionId: idRule }),
    response: transactionSchema,
  }),
} as const;
// The default export, for OPERATIONS (../operations.ts): a named one would be a public name
// through index.ts's `export type *`.
export default transactionOperations;

/**
 * Transactions (`/transactions`): the history of every money movement, read-only.
 *
 * @example
 * ```ts
 * for await (const tx of client.transactions.list({ limit: 100 })) console.log(tx.id, tx.amount);
 * ```
 */
export class Transactions extends APIResource {
  /**
   * Lists transactions, cursor-paginated. **Documented** by the service: `GET /transactions`.
   * Await it for the first {@link Page}, or iterate it for every item.
   *
   * @example
   * ```ts
   * for await (const tx of client.transactions.list({ limit: 100 })) console.log(tx.id);
   * const savedCursor = (await client.transactions.list({ limit: 100 })).nextCursor; // saved by an earlier run
   * const resumed = await client.transactions.list({ cursor: savedCursor });
   * ```
   */
  list(params: ListParams = {}, options?: ListRequestOptions): PagePromise<Transaction> {
    return this.runner.list(transactionOperations['transactions.list'], { query: params }, options);
  }

  /**
   * One transaction. **Conventional** (not documented by the service): `GET /transactions/{transactionId}`.
   *
   * @example
   * ```ts
   * const tx = await client.transactions.retrieve('tx_123');
   * ```
   */
  retrieve(transactionId: string, options?: RequestOptions): APIPromise<Transaction> {
    return this.runner.call(transactionOperations['transactions.retrieve'], { path: { transactionId } }, options);
  }
}
