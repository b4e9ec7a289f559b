import * as z from 'zod/mini';
import { requestBody, type RequestParams } from '../shared/bodies.js';
import { movementShape, type RecordOf, recordSchema } from '../shared/fields.js';
import { addressRule, amountRule, chainRule, tokenRule } from '../shared/primitives.js';

// Deposits and withdrawals are the same on-chain movement in two directions: one shape, and a
// withdrawal adds its destination.
/**
 * A deposit record. The spec shows no record fields (only the `deposit.created` event's); all
 * but `id` are optional.
 *
 * @example
 * ```ts
 * const deposit: Deposit = await client.deposits.retrieve('dep_123');
 * console.log(deposit.amount, deposit.token, deposit.transactionHash);
 * ```
 */
export interface Deposit extends RecordOf<typeof movementShape> {}
/** The schema of {@link Deposit}. */
export const depositSchema = recordSchema<Deposit>(movementShape);

const withdrawalShape = {
  ...movementShape,
  /** The destination address. */
  toAddress: z.optional(z.string()),
};
/**
 * A withdrawal record. The spec shows no fields; all but `id` are optional.
 *
 * @example
 * ```ts
 * const w: Withdrawal = await client.deposits.withdrawals.retrieve('wd_123');
 * if (w.status === 'confirmed') console.log('sent to', w.toAddress);
 * ```
 */
export interface Withdrawal extends RecordOf<typeof withdrawalShape> {}
/** The schema of {@link Withdrawal}. */
export const withdrawalSchema = recordSchema<Withdrawal>(withdrawalShape);

// Required fields: token and amount are the spec's own deposit fields (2.5, deposit.created), and
// the public facts list the chains deposits arrive on; a withdrawal's destination is the address
// the public facts' INVALID_ADDRESS code is about.
/** The body of `POST /deposits`. */
export const createDepositBody = requestBody({
  /** The token to deposit, e.g. `"USDC"`. */
  token: tokenRule,
  /** The chain the funds come from, e.g. `"Base"`. */
  chain: chainRule,
  /** A positive decimal string such as `"250.00"`. */
  amount: amountRule,
});
/**
 * The body of {@link Deposits.create}: token, chain and a positive decimal-string amount.
 *
 * @example
 * ```ts
 * const params: DepositCreateParams = { token: 'USDC', chain: 'Base', amount: '2500.00' };
 * ```
 */
export interface DepositCreateParams extends z.input<typeof createDepositBody>, RequestParams {}

/** The body of `POST /deposits/withdrawals`. */
export const createWithdrawalBody = requestBody({
  /** The token to withdraw. */
  token: tokenRule,
  /** The chain to send the funds on. */
  chain: chainRule,
  /** A positive decimal string such as `"100.00"`. */
  amount: amountRule,
  /** The destination: `0x` and 40 hex digits. */
  toAddress: addressRule,
});
/**
 * The body of {@link Withdrawals.create}: token, chain, amount and the destination address.
 *
 * @example
 * ```ts
 * const params: WithdrawalCreateParams = { token: 'ETH', chain: 'Ethereum', amount: '0.5', toAddress };
 * ```
 */
export interface WithdrawalCreateParams extends z.input<typeof createWithdrawalBody>, RequestParams {}
