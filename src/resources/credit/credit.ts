import type { APIPromise } from '../../core/operations/api-promise.js';
import type { ListRequestOptions, RequestOptions } from '../../core/types.js';
import type { PagePromise } from '../../core/pagination/page-promise.js';
import { APIResource } from '../resource.js';
import type { ListParams } from '../shared/pagination.js';
import { creditOperations as ops } from './operations.js';
import type { CreditLine, CreditLineCreateParams, CreditLineUpdateParams } from './schemas.js';

/**
 * Credit lines (`/credit`). Every operation is **conventional**: the spec gives only the base
 * path. A credit line is closed with `update(id, { status: 'closed' })`, not deleted.
 *
 * @example
 * ```ts
 * const line = await client.credit.create({ token: 'USDC', limit: '10000.00' });
 * await client.credit.update(line.id, { limit: '15000.00' });
 * ```
 */
export class Credit extends APIResource {
  /**
   * The account's credit lines. **Conventional**: `GET /credit`, cursor-paginated.
   *
   * @example
   * ```ts
   * for await (const line of client.credit.list()) console.log(line.id, line.available);
   * ```
   */
  list(params: ListParams = {}, options?: ListRequestOptions): PagePromise<CreditLine> {
    return this.runner.list(ops['credit.list'], { query: params }, options);
  }

  /**
   * One credit line. **Conventional**: `GET /credit/{creditLineId}`.
   *
   * @example
   * ```ts
   * const line = await client.credit.retrieve('cl_123');
   * ```
   */
  retrieve(creditLineId: string, options?: RequestOptions): APIPromise<CreditLine> {
    return this.runner.call(ops['credit.retrieve'], { path: { creditLineId } }, options);
  }

  /**
   * Opens a credit line. **Conventional**: `POST /credit`.
   *
   * @example
   * ```ts
   * const line = await client.credit.create({ token: 'USDC', limit: '10000.00' });
   * ```
   */
  create(params: CreditLineCreateParams, options?: RequestOptions): APIPromise<CreditLine> {
    return this.runner.call(ops['credit.create'], { body: params }, options);
  }

  /**
   * Changes the limit or the status. **Conventional**: `PATCH /credit/{creditLineId}`. The
   * service may refuse with `HEALTH_FACTOR_LOW` or `CREDIT_FROZEN` (an `APIError`).
   *
   * @example
   * ```ts
   * await client.credit.update('cl_123', { status: 'frozen' });
   * ```
   */
  update(creditLineId: string, patch: CreditLineUpdateParams, options?: RequestOptions): APIPromise<CreditLine> {
    return this.runner.call(ops['credit.update'], { path: { creditLineId }, body: patch }, options);
  }
}
