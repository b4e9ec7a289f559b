import * as z from 'zod/mini';
import { chainString, decimalString, openEnum, type RecordOf, recordSchema, timestamp, tokenString } from '../shared/fields.js';

const transactionShape = {
  /** The transaction id, prefixed `tx_`. */
  id: z.string(),
  /** What moved the money: `deposit`, `withdrawal`, `payment`, `yield` or `credit_draw`. */
  type: z.optional(openEnum(['deposit', 'withdrawal', 'payment', 'yield', 'credit_draw'])),
  /** The token moved. */
  token: z.optional(tokenString),
  /** The chain it moved on. */
  chain: z.optional(chainString),
  /** The amount, as a decimal string. */
  amount: z.optional(decimalString),
  /** `pending`, `confirmed` or `failed`. */
  status: z.optional(openEnum(['pending', 'confirmed', 'failed'])),
  /** `0x` and 64 hex digits. */
  transactionHash: z.optional(z.string()),
  /** When the transaction was recorded (ISO 8601 UTC). */
  createdAt: z.optional(timestamp),
};
/**
 * A transaction record, as listed by `GET /transactions`. The spec shows no fields; all but `id`
 * are optional. `amount` is a decimal string: hand it to a decimal library, not `Number`.
 *
 * @example
 * ```ts
 * for await (const tx of client.transactions.list({ limit: 100 })) {
 *   if (tx.type === 'deposit') console.log(tx.token, tx.amount);
 * }
 * ```
 */
export interface Transaction extends RecordOf<typeof transactionShape> {}
/** The schema of {@link Transaction}. */
export const transactionSchema = recordSchema<Transaction>(transactionShape);
