import type { APIPromise } from '../../core/operations/api-promise.js';
import type { OperationRunner } from '../../core/operations/operation-runner.js';
import type { ListRequestOptions, RequestOptions } from '../../core/types.js';
import type { PagePromise } from '../../core/pagination/page-promise.js';
import { Withdrawals } from './withdrawals.js';
import { APIResource } from '../resource.js';
import type { ListParams } from '../shared/pagination.js';
import { depositOperations as ops } from './operations.js';
import type { Deposit, DepositCreateParams } from './schemas.js';

/**
 * Deposits and withdrawals (`/deposits`). Every operation here is **conventional**: the spec
 * gives only the base path. Deposits are not deleted or edited; they are on-chain facts.
 *
 * @example
 * ```ts
 * const deposit = await client.deposits.create({ token: 'USDC', chain: 'Base', amount: '2500.00' });
 * await client.deposits.withdrawals.create({ token: 'USDC', chain: 'Base', amount: '100.00', toAddress });
 * ```
 */
export class Deposits extends APIResource {
  /** Withdrawals, under `/deposits/withdrawals`. */
  readonly withdrawals: Withdrawals;

  /** @internal Resources are created by {@link CreditPlatform}. */
  constructor(runner: OperationRunner) {
    super(runner);
    this.withdrawals = new Withdrawals(runner);
  }

  /**
   * The account's deposits. **Conventional**: `GET /deposits`, cursor-paginated.
   *
   * @example
   * ```ts
   * const recent = await client.deposits.list({ limit: 10 });
   * console.log(recent.items.map((d) => d.amount));
   * ```
   */
  list(params: ListParams = {}, options?: ListRequestOptions): PagePromise<Deposit> {
    return this.runner.list(ops['deposits.list'], { query: params }, options);
  }

  /**
   * One deposit. **Conventional**: `GET /deposits/{depositId}`.
   *
   * @example
   * ```ts
   * const deposit = await client.deposits.retrieve('dep_123');
   * ```
   */
  retrieve(depositId: string, options?: RequestOptions): APIPromise<Deposit> {
    return this.runner.call(ops['deposits.retrieve'], { path: { depositId } }, options);
  }

  /**
   * Records a deposit. **Conventional**: `POST /deposits`. `amount` is a decimal string such as
   * `"2500.00"`; a number, `"0"` or `"1e3"` is a `RequestValidationError` and nothing is sent.
   *
   * @example
   * ```ts
   * const deposit = await client.deposits.create({ token: 'USDC', chain: 'Base', amount: '2500.00' });
   * ```
   */
  create(params: DepositCreateParams, options?: RequestOptions): APIPromise<Deposit> {
    return this.runner.call(ops['deposits.create'], { body: params }, options);
  }
}
