import { z } from 'zod';
import { chainString, decimalString, openEnum, timestamp, tokenString } from './common.js';

const movementStatus = openEnum(['pending', 'confirmed', 'failed']);

/** A deposit. The spec shows no record fields (only the `deposit.created` event's); all but `id` are optional. */
export const depositSchema = z.looseObject({
  /** The deposit id, prefixed `dep_`. */
  id: z.string(),
  /** The deposited token. */
  token: tokenString.optional(),
  /** The chain the deposit arrived on. */
  chain: chainString.optional(),
  /** The deposited amount, as a decimal string. */
  amount: decimalString.optional(),
  /** `pending` until the chain confirms it, then `confirmed` or `failed`. */
  status: movementStatus.optional(),
  /** The on-chain transaction hash. */
  transactionHash: z.string().optional(),
  /** When the deposit was recorded (ISO 8601 UTC). */
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
 *
 * @interface
 */
export type Deposit = z.infer<typeof depositSchema>;

/** A withdrawal. The spec shows no fields; all but `id` are optional. */
export const withdrawalSchema = z.looseObject({
  /** The withdrawal id, prefixed `wd_`. */
  id: z.string(),
  /** The withdrawn token. */
  token: tokenString.optional(),
  /** The chain the funds are sent on. */
  chain: chainString.optional(),
  /** The withdrawn amount, as a decimal string. */
  amount: decimalString.optional(),
  /** The destination address. */
  toAddress: z.string().optional(),
  /** `pending` until the chain confirms it, then `confirmed` or `failed`. */
  status: movementStatus.optional(),
  /** The on-chain transaction hash, once sent. */
  transactionHash: z.string().optional(),
  /** When the withdrawal was requested (ISO 8601 UTC). */
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
 *
 * @interface
 */
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/**
 * The `data` of a `deposit.created` event (spec 2.5), every field stated by the spec and so
 * required. The typed event itself comes from `constructWebhookEvent` (`credit-platform/webhooks`).
 */
export const depositCreatedDataSchema = z.looseObject({
  /** The new deposit's id; fetch the full record with `client.deposits.retrieve(depositId)`. */
  depositId: z.string(),
  /** The deposited token. */
  token: tokenString,
  /** The deposited amount, as a decimal string. */
  amount: decimalString,
  /** The on-chain transaction hash. */
  transactionHash: z.string(),
});
