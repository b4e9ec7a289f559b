import { z } from 'zod';
import { chainString, decimalString, timestamp, tokenString } from './common.js';

/** A yield position and its configuration. The spec shows no fields; all but `id` are optional. */
export const yieldPositionSchema = z.looseObject({
  id: z.string(),
  token: tokenString.optional(),
  chain: chainString.optional(),
  /** The annual percentage yield as a decimal string, e.g. `"4.25"`. */
  apy: decimalString.optional(),
  earned: decimalString.optional(),
  autoCompound: z.boolean().optional(),
  createdAt: timestamp.optional(),
  updatedAt: timestamp.optional(),
});
/**
 * A yield position record.
 *
 * @example
 * ```ts
 * const position: YieldPosition = await client.yield.retrieve('yld_123');
 * console.log(position.apy, position.earned, position.autoCompound);
 * ```
 */
export type YieldPosition = z.infer<typeof yieldPositionSchema>;
