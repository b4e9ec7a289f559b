import { z } from 'zod';
import { creditTierSchema } from './accounts.js';
import { timestamp } from './common.js';

/** A reputation score. The spec shows no fields; all but `id` are optional. */
export const scoreSchema = z.looseObject({
  /** The score id, prefixed `scr_`. */
  id: z.string(),
  /** The scored account. */
  accountId: z.string().optional(),
  /** A number, unlike amounts: a score is not money. */
  score: z.number().optional(),
  /** The credit tier the score places the account in. */
  tier: creditTierSchema.optional(),
  // The shape of the factors is not shown anywhere; they are passed through as sent.
  /** What the score is based on, passed through exactly as the service sent it. */
  factors: z.unknown().optional(),
  /** When the score was last computed (ISO 8601 UTC). */
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
 *
 * @interface
 */
export type Score = z.infer<typeof scoreSchema>;
