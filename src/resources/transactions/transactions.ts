import type { APIPromise } from '../../core/operations/api-promise.js';
import type { ListRequestOptions, RequestOptions } from '../../core/types.js';
import type { PagePromise } from '../../core/pagination/page-promise.js';
import { APIResource } from '../resource.js';
import type { ListParams } from '../shared/pagination.js';
import { transactionOperations as ops } from './operations.js';
import type { Transaction } from './schemas.js';

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
   * const resumed = await client.transactions.list({ cursor: savedCursor });
   * ```
   */
  list(params: ListParams = {}, options?: ListRequestOptions): PagePromise<Transaction> {
    return this.runner.list(ops['transactions.list'], { query: params }, options);
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
    return this.runner.call(ops['transactions.retrieve'], { path: { transactionId } }, options);
  }
}
