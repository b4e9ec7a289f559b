import { z } from 'zod';
import { creditTierSchema } from './accounts.js';
import { decimalString, openEnum, timestamp, tokenString } from './common.js';

/** A credit line. The spec shows no fields; all but `id` are optional. Money fields are decimal strings. */
export const creditLineSchema = z.looseObject({
  /** The credit line id, prefixed `cl_`. */
  id: z.string(),
  /** The most that can be drawn, as a decimal string. */
  limit: decimalString.optional(),
  /** The amount drawn and not yet repaid, as a decimal string. */
  used: decimalString.optional(),
  /** What can still be drawn (`limit` minus `used`), as a decimal string. */
  available: decimalString.optional(),
  /** The token the line is denominated in. */
  token: tokenString.optional(),
  /** The credit tier the line was opened under. */
  tier: creditTierSchema.optional(),
  /** `active`, `frozen` (no further draws) or `closed`. */
  status: openEnum(['active', 'frozen', 'closed']).optional(),
  /** A decimal string; below `"1.0"` the service refuses further draws (HEALTH_FACTOR_LOW). */
  healthFactor: decimalString.optional(),
  /** When the line was opened (ISO 8601 UTC). */
  createdAt: timestamp.optional(),
  /** When the line last changed (ISO 8601 UTC). */
  updatedAt: timestamp.optional(),
});
/**
 * A credit line record.
 *
 * @example
 * ```ts
 * const line: CreditLine = await client.credit.retrieve('cl_123');
 * console.log(`${line.available} of ${line.limit} ${line.token} available`);
 * ```
 *
 * @interface
 */
export type CreditLine = z.infer<typeof creditLineSchema>;
