import { z } from 'zod';
import { chainString, decimalString, openEnum, timestamp, tokenString } from './common.js';

/** A transaction, as listed by `GET /transactions`. The spec shows no fields; all but `id` are optional. */
export const transactionSchema = z.looseObject({
  /** The transaction id, prefixed `tx_`. */
  id: z.string(),
  /** What moved the money: `deposit`, `withdrawal`, `payment`, `yield` or `credit_draw`. */
  type: openEnum(['deposit', 'withdrawal', 'payment', 'yield', 'credit_draw']).optional(),
  /** The token moved. */
  token: tokenString.optional(),
  /** The chain it moved on. */
  chain: chainString.optional(),
  /** The amount, as a decimal string. */
  amount: decimalString.optional(),
  /** `pending`, `confirmed` or `failed`. */
  status: openEnum(['pending', 'confirmed', 'failed']).optional(),
  /** `0x` and 64 hex digits. */
  transactionHash: z.string().optional(),
  /** When the transaction was recorded (ISO 8601 UTC). */
  createdAt: timestamp.optional(),
});
/**
 * A transaction record. `amount` is a decimal string: hand it to a decimal library, not `Number`.
 *
 * @example
 * ```ts
 * for await (const tx of client.transactions.list({ limit: 100 })) {
 *   if (tx.type === 'deposit') console.log(tx.token, tx.amount);
 * }
 * ```
 *
 * @interface
 */
export type Transaction = z.infer<typeof transactionSchema>;
