import * as z from 'zod/mini';
import { creditTierSchema } from '../accounts/schemas.js';
import { patchBody, requestBody, type RequestParams } from '../shared/bodies.js';
import { decimalString, openEnum, type RecordOf, recordSchema, timestamp, tokenString } from '../shared/fields.js';
import { amountRule, tokenRule } from '../shared/primitives.js';

const creditLineShape = {
  /** The credit line id, prefixed `cl_`. */
  id: z.string(),
  /** The most that can be drawn, as a decimal string. */
  limit: z.optional(decimalString),
  /** The amount drawn and not yet repaid, as a decimal string. */
  used: z.optional(decimalString),
  /** What can still be drawn (`limit` minus `used`), as a decimal string. */
  available: z.optional(decimalString),
  /** The token the line is denominated in. */
  token: z.optional(tokenString),
  /** The credit tier the line was opened under. */
  tier: z.optional(creditTierSchema),
  /** `active`, `frozen` (no further draws) or `closed`. */
  status: z.optional(openEnum(['active', 'frozen', 'closed'])),
  /** A decimal string; below `"1.0"` the service refuses further draws (HEALTH_FACTOR_LOW). */
  healthFactor: z.optional(decimalString),
  /** When the line was opened (ISO 8601 UTC). */
  createdAt: z.optional(timestamp),
  /** When the line last changed (ISO 8601 UTC). */
  updatedAt: z.optional(timestamp),
};
/**
 * A credit line record. The spec shows no fields; all but `id` are optional. Money fields are
 * decimal strings.
 *
 * @example
 * ```ts
 * const line: CreditLine = await client.credit.retrieve('cl_123');
 * console.log(`${line.available} of ${line.limit} ${line.token} available`);
 * ```
 */
export interface CreditLine extends RecordOf<typeof creditLineShape> {}
/** The schema of {@link CreditLine}. */
export const creditLineSchema = recordSchema<CreditLine>(creditLineShape);

// Neither the spec nor the public facts name a credit line's request fields, so both are
// optional (the service is the judge); the amount and token rules still apply when given.
/** The body of `POST /credit`: the token and the limit, a positive decimal string. */
export const createCreditLineBody = requestBody({
  /** The token to borrow in. */
  token: z.optional(tokenRule),
  /** The requested limit, a positive decimal string such as `"5000.00"`. */
  limit: z.optional(amountRule),
});
/**
 * The body of {@link Credit.create}: the token and the limit as a positive decimal string.
 *
 * @example
 * ```ts
 * const params: CreditLineCreateParams = { token: 'USDC', limit: '10000.00' };
 * ```
 */
export interface CreditLineCreateParams extends z.input<typeof createCreditLineBody>, RequestParams {}

/** Credit line states a caller may set (the service decides whether the transition is allowed). */
const creditLineStatusRule = z.enum(['active', 'frozen', 'closed'], { error: 'must be one of: active, frozen, closed' });

/** The body of `PATCH /credit/{creditLineId}`: a new limit, a new status, or both. */
export const updateCreditLineBody = patchBody({
  /** A new limit, a positive decimal string. */
  limit: z.optional(amountRule),
  /** A new state; the service decides whether the transition is allowed. */
  status: z.optional(creditLineStatusRule),
});
/**
 * The body of {@link Credit.update}: a new `limit`, a new `status`, or both.
 *
 * @example
 * ```ts
 * const patch: CreditLineUpdateParams = { status: 'frozen' };
 * ```
 */
export interface CreditLineUpdateParams extends z.input<typeof updateCreditLineBody>, RequestParams {}
