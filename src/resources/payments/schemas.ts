import * as z from 'zod/mini';
import { requestBody, type RequestParams } from '../shared/bodies.js';
import { decimalString, openEnum, type RecordOf, recordSchema, timestamp, tokenString } from '../shared/fields.js';
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
  status: z.optional(openEnum(['pending', 'confirmed', 'failed'])),
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
/** The schema of {@link Payment}. */
export const paymentSchema = recordSchema<Payment>(paymentShape);

// Only the amount is required: the public facts' own example of an error item is a payment-style
// `amount` (INVALID_AMOUNT). Neither the spec nor the public facts name `creditLineId` or a
// payment's token, so they are optional and the service is the judge of what it needs.
/** The body of `POST /payments`: a repayment of a credit line. */
export const createPaymentBody = requestBody({
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
