import * as z from 'zod/mini';
import { movementShape, openEnum, type RecordOf, recordSchema } from '../shared/fields.js';

const transactionShape = {
  ...movementShape,
  /** What moved the money: `deposit`, `withdrawal`, `payment`, `yield` or `credit_draw`. */
  type: z.optional(openEnum(['deposit', 'withdrawal', 'payment', 'yield', 'credit_draw'])),
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
