import * as z from 'zod/mini';
import { creditTierSchema } from '../accounts/schemas.js';
import { type RecordOf, recordSchema, timestamp } from '../shared/fields.js';

const scoreShape = {
  /** The score id, prefixed `scr_`. */
  id: z.string(),
  /** The scored account. */
  accountId: z.optional(z.string()),
  /** A number, unlike amounts: a score is not money. */
  score: z.optional(z.number()),
  /** The credit tier the score places the account in. */
  tier: z.optional(creditTierSchema),
  // The shape of the factors is not shown anywhere; they are passed through as sent.
  /** What the score is based on, passed through exactly as the service sent it. */
  factors: z.optional(z.unknown()),
  /** When the score was last computed (ISO 8601 UTC). */
  updatedAt: z.optional(timestamp),
};
/**
 * A reputation score record. The spec shows no fields; all but `id` are optional.
 *
 * @example
 * ```ts
 * const score: Score = await client.scores.retrieve('scr_123');
 * console.log(score.score, score.tier);
 * ```
 */
export interface Score extends RecordOf<typeof scoreShape> {}
/** The schema of {@link Score}. */
export const scoreSchema = recordSchema<Score>(scoreShape);
