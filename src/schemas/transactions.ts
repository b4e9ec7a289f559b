import { z } from 'zod';
import { chainString, decimalString, openEnum, timestamp, tokenString } from './common.js';

/** A transaction, as listed by `GET /transactions`. The spec shows no fields; all but `id` are optional. */
export const transactionSchema = z.looseObject({
  id: z.string(),
  type: openEnum(['deposit', 'withdrawal', 'payment', 'yield', 'credit_draw']).optional(),
  token: tokenString.optional(),
  chain: chainString.optional(),
  amount: decimalString.optional(),
  status: openEnum(['pending', 'confirmed', 'failed']).optional(),
  /** `0x` and 64 hex digits. */
  transactionHash: z.string().optional(),
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
 */
export type Transaction = z.infer<typeof transactionSchema>;
