import { z } from 'zod';
import { decimalString, openEnum, timestamp, tokenString } from './common.js';

/** A payment against a credit line. The spec shows no fields; all but `id` are optional. */
export const paymentSchema = z.looseObject({
  /** The payment id, prefixed `pay_`. */
  id: z.string(),
  /** The credit line the payment repays. */
  creditLineId: z.string().optional(),
  /** The paid amount, as a decimal string. */
  amount: decimalString.optional(),
  /** The token paid in. */
  token: tokenString.optional(),
  /** `pending` until settled, then `confirmed` or `failed`. */
  status: openEnum(['pending', 'confirmed', 'failed']).optional(),
  /** When the payment is due (ISO 8601 UTC), or `null` when it has no due date. */
  dueDate: timestamp.nullable().optional(),
  /** When the payment was recorded (ISO 8601 UTC). */
  createdAt: timestamp.optional(),
});
/**
 * A payment record.
 *
 * @example
 * ```ts
 * const payment: Payment = await client.payments.retrieve('pay_123');
 * console.log(payment.amount, payment.status);
 * ```
 *
 * @interface
 */
export type Payment = z.infer<typeof paymentSchema>;
