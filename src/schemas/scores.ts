import { z } from 'zod';
import { creditTierSchema } from './accounts.js';
import { timestamp } from './common.js';

/** A reputation score. The spec shows no fields; all but `id` are optional. */
export const scoreSchema = z.looseObject({
  id: z.string(),
  accountId: z.string().optional(),
  /** A number, unlike amounts: a score is not money. */
  score: z.number().optional(),
  tier: creditTierSchema.optional(),
  // The shape of the factors is not shown anywhere; they are passed through as sent.
  factors: z.unknown().optional(),
  updatedAt: timestamp.optional(),
});
/**
 * A reputation score record.
 *
 * @example
 * ```ts
 * const score: Score = await client.scores.retrieve('scr_123');
 * console.log(score.score, score.tier);
 * ```
 */
export type Score = z.infer<typeof scoreSchema>;
