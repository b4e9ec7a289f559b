import { z } from 'zod';
import { chainString, decimalString, timestamp, tokenString } from './common.js';

/** A yield position and its configuration. The spec shows no fields; all but `id` are optional. */
export const yieldPositionSchema = z.looseObject({
  /** The position id, prefixed `yld_`. */
  id: z.string(),
  /** The token earning yield. */
  token: tokenString.optional(),
  /** The chain the position is on. */
  chain: chainString.optional(),
  /** The annual percentage yield as a decimal string, e.g. `"4.25"`. */
  apy: decimalString.optional(),
  /** The yield earned so far, as a decimal string. */
  earned: decimalString.optional(),
  /** Whether earnings are reinvested into the position. */
  autoCompound: z.boolean().optional(),
  /** When the position was opened (ISO 8601 UTC). */
  createdAt: timestamp.optional(),
  /** When the position or its configuration last changed (ISO 8601 UTC). */
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
 *
 * @interface
 */
export type YieldPosition = z.infer<typeof yieldPositionSchema>;
