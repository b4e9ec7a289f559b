import { z } from 'zod';
import { chainString, decimalString, openEnum, timestamp, tokenString } from './common.js';

const movementStatus = openEnum(['pending', 'confirmed', 'failed']);

/** A deposit. The spec shows no record fields (only the `deposit.created` event's); all but `id` are optional. */
export const depositSchema = z.looseObject({
  id: z.string(),
  token: tokenString.optional(),
  chain: chainString.optional(),
  amount: decimalString.optional(),
  status: movementStatus.optional(),
  transactionHash: z.string().optional(),
  createdAt: timestamp.optional(),
});
/**
 * A deposit record.
 *
 * @example
 * ```ts
 * const deposit: Deposit = await client.deposits.retrieve('dep_123');
 * console.log(deposit.amount, deposit.token, deposit.transactionHash);
 * ```
 */
export type Deposit = z.infer<typeof depositSchema>;

/** A withdrawal. The spec shows no fields; all but `id` are optional. */
export const withdrawalSchema = z.looseObject({
  id: z.string(),
  token: tokenString.optional(),
  chain: chainString.optional(),
  amount: decimalString.optional(),
  toAddress: z.string().optional(),
  status: movementStatus.optional(),
  transactionHash: z.string().optional(),
  createdAt: timestamp.optional(),
});
/**
 * A withdrawal record.
 *
 * @example
 * ```ts
 * const w: Withdrawal = await client.deposits.withdrawals.retrieve('wd_123');
 * if (w.status === 'confirmed') console.log('sent to', w.toAddress);
 * ```
 */
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/**
 * The `data` of a `deposit.created` event (spec 2.5), every field stated by the spec and so
 * required. The typed event itself comes from `constructWebhookEvent` (`credit-platform/webhooks`).
 */
export const depositCreatedDataSchema = z.looseObject({
  depositId: z.string(),
  token: tokenString,
  amount: decimalString,
  transactionHash: z.string(),
});
