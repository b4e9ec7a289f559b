import { z } from 'zod';
import { decimalString, openEnum, timestamp, tokenString } from './common.js';

/** A payment against a credit line. The spec shows no fields; all but `id` are optional. */
export const paymentSchema = z.looseObject({
  id: z.string(),
  creditLineId: z.string().optional(),
  amount: decimalString.optional(),
  token: tokenString.optional(),
  status: openEnum(['pending', 'confirmed', 'failed']).optional(),
  dueDate: timestamp.nullable().optional(),
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
 */
export type Payment = z.infer<typeof paymentSchema>;
