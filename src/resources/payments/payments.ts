import * as z from 'zod/mini';
import type { APIPromise } from '../../core/operations/api-promise.js';
import { defineOperation } from '../../core/operations/operation.js';
import type { PagePromise } from '../../core/pagination/page-promise.js';
import type { ListRequestOptions, RequestOptions } from '../../core/types.js';
import { APIResource } from '../resource.js';
import { requestBody, type RequestParams } from '../shared/bodies.js';
import { decimalString, type RecordOf, recordSchema, settlementStatus, timestamp, tokenString } from '../shared/fields.js';
import { type ListParams, listQuery } from '../shared/pagination.js';
import { amountRule, idRule, tokenRule } from '../shared/primitives.js';

const paymentShape = {
  /** The payment id, prefixed `pay_`. */
  id: z.string(),
  /** The credit line the payment repays. */
  creditLineId: z.optional(z.string()),
  /** The paid amount, as a decimal string. */
  amount: z.optional(decimalString),
  /** The token paid in. */
  token: z.optional(tokenString),
  /** `pending` until settled, then `confirmed` or `failed`. */
  status: z.optional(settlementStatus),
  /** When the payment is due (ISO 8601 UTC), or `null` when it has no due date. */
  dueDate: z.optional(z.nullable(timestamp)),
  /** When the payment was recorded (ISO 8601 UTC). */
  createdAt: z.optional(timestamp),
};
/**
 * A payment record. The spec shows no fields; all but `id` are optional.
 *
 * @example
 * ```ts
 * const payment: Payment = await client.payments.retrieve('pay_123');
 * console.log(payment.amount, payment.status);
 * ```
 */
export interface Payment extends RecordOf<typeof paymentShape> {}
const paymentSchema = recordSchema<Payment>(paymentShape);

// Only the amount is required: the public facts' own example of an error item is a payment-style
// `amount` (INVALID_AMOUNT). Neither the spec nor the public facts name `creditLineId` or a
// payment's token, so they are optional and the service is the judge of what it needs.
/** The body of `POST /payments`: a repayment of a credit line. */
const createPaymentBody = requestBody({
  /** The credit line to repay. */
  creditLineId: z.optional(idRule),
  /** A positive decimal string such as `"500.00"`. */
  amount: amountRule,
  /** The token to pay in. */
  token: z.optional(tokenRule),
});
/**
 * The body of {@link Payments.create}: a positive decimal-string amount, and the credit line and
 * token to pay (optional here: the service decides whether it needs them).
 *
 * @example
 * ```ts
 * const params: PaymentCreateParams = { creditLineId: 'cl_123', amount: '250.00', token: 'USDC' };
 * ```
 */
export interface PaymentCreateParams extends z.input<typeof createPaymentBody>, RequestParams {}

/** The operations of `client.payments`, keyed by resource method. */
const paymentOperations = {
  /** `GET /payments`. Conventional. */
  'payments.list': defineOperation({
    method: 'GET',
    path: 'payments',
    documented: false,
    query: listQuery,
    response: paymentSchema,
    list: { resourceKey: 'payments' },
  }),
  /** `GET /payments/{paymentId}`. Conventional. */
  'payments.retrieve': defineOperation({
    method: 'GET',
    path: 'payments/{paymentId}',
    documented: false,
    pathParams: z.object({ paymentId: idRule }),
    response: paymentSchema,
  }),
  /** `POST /payments`. Conventional. */
  'payments.create': defineOperation({
    method: 'POST',
    path: 'payments',
    documented: false,
    body: createPaymentBody,
    response: paymentSchema,
    successStatus: 201,
  }),
} as const;
// The default export, for OPERATIONS (../operations.ts): a named one would be a public name
// through index.ts's `export type *`.
export default paymentOperations;

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
    return this.runner.list(paymentOperations['payments.list'], { query: params }, options);
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
    return this.runner.call(paymentOperations['payments.retrieve'], { path: { paymentId } }, options);
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
    return this.runner.call(paymentOperations['payments.create'], { body: params }, options);
  }
}
