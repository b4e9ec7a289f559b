import type { APIPromise } from '../../core/operations/api-promise.js';
import type { ListRequestOptions, RequestOptions } from '../../core/types.js';
import type { PagePromise } from '../../core/pagination/page-promise.js';
import { APIResource } from '../resource.js';
import type { ListParams } from '../shared/pagination.js';
import { paymentOperations as ops } from './operations.js';
import type { Payment, PaymentCreateParams } from './schemas.js';

/**
 * Payments against credit lines (`/payments`). Every operation is **conventional**; payments
 * are not edited or deleted once made.
 *
 * @example
 * ```ts
 * await client.payments.create({ creditLineId: 'cl_123', amount: '250.00', token: 'USDC' });
 * ```
 */
export class Payments extends APIResource {
  /**
   * The account's payments. **Conventional**: `GET /payments`, cursor-paginated.
   *
   * @example
   * ```ts
   * const last50 = await client.payments.list().toArray({ max: 50 });
   * ```
   */
  list(params: ListParams = {}, options?: ListRequestOptions): PagePromise<Payment> {
    return this.runner.list(ops['payments.list'], { query: params }, options);
  }

  /**
   * One payment. **Conventional**: `GET /payments/{paymentId}`.
   *
   * @example
   * ```ts
   * const payment = await client.payments.retrieve('pay_123');
   * ```
   */
  retrieve(paymentId: string, options?: RequestOptions): APIPromise<Payment> {
    return this.runner.call(ops['payments.retrieve'], { path: { paymentId } }, options);
  }

  /**
   * Pays toward a credit line. **Conventional**: `POST /payments`. POST is never retried, so a
   * time-out leaves the outcome unknown: check `list()` before paying again.
   *
   * @example
   * ```ts
   * const payment = await client.payments.create({ creditLineId: 'cl_123', amount: '250.00', token: 'USDC' });
   * ```
   */
  create(params: PaymentCreateParams, options?: RequestOptions): APIPromise<Payment> {
    return this.runner.call(ops['payments.create'], { body: params }, options);
  }
}
