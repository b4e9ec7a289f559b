import type { APIPromise } from '../../core/operations/api-promise.js';
import type { ListRequestOptions, RequestOptions } from '../../core/types.js';
import type { PagePromise } from '../../core/pagination/page-promise.js';
import { APIResource } from '../resource.js';
import type { ListParams } from '../shared/pagination.js';
import { depositOperations as ops } from './operations.js';
import type { Withdrawal, WithdrawalCreateParams } from './schemas.js';

/**
 * Withdrawals: `client.deposits.withdrawals`, under `/deposits/withdrawals`. Every operation is
 * **conventional**.
 *
 * @example
 * ```ts
 * for await (const w of client.deposits.withdrawals.list()) console.log(w.id, w.status);
 * ```
 */
export class Withdrawals extends APIResource {
  /**
   * The account's withdrawals. **Conventional**: `GET /deposits/withdrawals`, cursor-paginated.
   *
   * @example
   * ```ts
   * const pending = (await client.deposits.withdrawals.list().toArray({ max: 200 })).filter((w) => w.status === 'pending');
   * ```
   */
  list(params: ListParams = {}, options?: ListRequestOptions): PagePromise<Withdrawal> {
    return this.runner.list(ops['deposits.withdrawals.list'], { query: params }, options);
  }

  /**
   * One withdrawal. **Conventional**: `GET /deposits/withdrawals/{withdrawalId}`.
   *
   * @example
   * ```ts
   * const w = await client.deposits.withdrawals.retrieve('wd_123');
   * ```
   */
  retrieve(withdrawalId: string, options?: RequestOptions): APIPromise<Withdrawal> {
    return this.runner.call(ops['deposits.withdrawals.retrieve'], { path: { withdrawalId } }, options);
  }

  /**
   * Requests a withdrawal. **Conventional**: `POST /deposits/withdrawals`. `toAddress` must be
   * `0x` and 40 hex digits (item code `INVALID_ADDRESS`); the checksum is the service's to check.
   *
   * @example
   * ```ts
   * const w = await client.deposits.withdrawals.create({
   *   token: 'USDC', chain: 'Base', amount: '100.00', toAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
   * });
   * ```
   */
  create(params: WithdrawalCreateParams, options?: RequestOptions): APIPromise<Withdrawal> {
    return this.runner.call(ops['deposits.withdrawals.create'], { body: params }, options);
  }
}
