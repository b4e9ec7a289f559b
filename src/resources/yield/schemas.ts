import * as z from 'zod/mini';
import { patchBody, requestBody, type RequestParams } from '../shared/bodies.js';
import { chainString, decimalString, type RecordOf, recordSchema, timestamp, tokenString } from '../shared/fields.js';

const yieldPositionShape = {
  /** The position id, prefixed `yld_`. */
  id: z.string(),
  /** The token earning yield. */
  token: z.optional(tokenString),
  /** The chain the position is on. */
  chain: z.optional(chainString),
  /** The annual percentage yield as a decimal string, e.g. `"4.25"`. */
  apy: z.optional(decimalString),
  /** The yield earned so far, as a decimal string. */
  earned: z.optional(decimalString),
  /** Whether earnings are reinvested into the position. */
  autoCompound: z.optional(z.boolean()),
  /** When the position was opened (ISO 8601 UTC). */
  createdAt: z.optional(timestamp),
  /** When the position or its configuration last changed (ISO 8601 UTC). */
  updatedAt: z.optional(timestamp),
};
/**
 * A yield position and its configuration. The spec shows no fields; all but `id` are optional.
 *
 * @example
 * ```ts
 * const position: YieldPosition = await client.yield.retrieve('yld_123');
 * console.log(position.apy, position.earned, position.autoCompound);
 * ```
 */
export interface YieldPosition extends RecordOf<typeof yieldPositionShape> {}
/** The schema of {@link YieldPosition}. */
export const yieldPositionSchema = recordSchema<YieldPosition>(yieldPositionShape);

const autoCompoundRule = z.boolean({ error: 'must be true or false' });

// Neither the spec nor the public facts name the configuration's fields, so even the full
// replacement (PUT) requires none: the service is the judge of what it needs.
/** The body of `PUT /yield/{positionId}`: the whole configuration of a position. */
export const replaceYieldConfigBody = requestBody({
  /** Whether earnings are reinvested into the position. */
  autoCompound: z.optional(autoCompoundRule),
});
/**
 * The body of {@link Yield.replace}: the whole configuration of a position.
 *
 * @example
 * ```ts
 * const config: YieldReplaceParams = { autoCompound: true };
 * ```
 */
export interface YieldReplaceParams extends z.input<typeof replaceYieldConfigBody>, RequestParams {}

/** The body of `PATCH /yield/{positionId}`. */
export const updateYieldConfigBody = patchBody({
  /** Whether earnings are reinvested into the position. */
  autoCompound: z.optional(autoCompoundRule),
});
/**
 * The body of {@link Yield.update}: the configuration fields to change.
 *
 * @example
 * ```ts
 * const patch: YieldUpdateParams = { autoCompound: false };
 * ```
 */
export interface YieldUpdateParams extends z.input<typeof updateYieldConfigBody>, RequestParams {}
