import { z } from 'zod';
import { creditTierSchema } from './accounts.js';
import { decimalString, openEnum, timestamp, tokenString } from './common.js';

/** A credit line. The spec shows no fields; all but `id` are optional. Money fields are decimal strings. */
export const creditLineSchema = z.looseObject({
  id: z.string(),
  limit: decimalString.optional(),
  used: decimalString.optional(),
  available: decimalString.optional(),
  token: tokenString.optional(),
  tier: creditTierSchema.optional(),
  status: openEnum(['active', 'frozen', 'closed']).optional(),
  /** A decimal string; below `"1.0"` the service refuses further draws (HEALTH_FACTOR_LOW). */
  healthFactor: decimalString.optional(),
  createdAt: timestamp.optional(),
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
 */
export type CreditLine = z.infer<typeof creditLineSchema>;
