import { z } from 'zod';
import { openEnum, timestamp } from './common.js';

// The public documentation names only the lowest and the highest tier; the open union keeps the
// ones in between (and any new one) without inventing their names.
/** A credit tier: `SECURED_ONLY` … `PREMIUM`. */
export const creditTierSchema = openEnum(['SECURED_ONLY', 'PREMIUM']);
/**
 * A credit tier, from `SECURED_ONLY` up to `PREMIUM`.
 *
 * @example
 * ```ts
 * const tier: CreditTier = 'SECURED_ONLY';
 * ```
 */
export type CreditTier = z.infer<typeof creditTierSchema>;

/** The account that owns the API key. The spec shows no account fields; all but `id` are optional. */
export const accountSchema = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
  /** The rate-limit tier (spec 8). */
  tier: openEnum(['free', 'standard', 'premium']).optional(),
  creditTier: creditTierSchema.optional(),
  status: openEnum(['active', 'frozen']).optional(),
  kycStatus: openEnum(['none', 'pending', 'verified', 'rejected']).optional(),
  createdAt: timestamp.optional(),
});
/**
 * An account record; fields beyond `id` are optional because the spec does not show them.
 *
 * @example
 * ```ts
 * const me: Account = await client.accounts.me();
 * if (me.status === 'frozen') console.warn('account frozen');
 * ```
 */
export type Account = z.infer<typeof accountSchema>;

/** The state of the account's identity verification. */
export const kycSchema = z.looseObject({
  status: openEnum(['none', 'pending', 'verified', 'rejected']).optional(),
  submittedAt: timestamp.nullable().optional(),
  fullName: z.string().optional(),
  country: z.string().optional(),
});
/**
 * The account's KYC state; every field is optional because the spec does not show them.
 *
 * @example
 * ```ts
 * const kyc: Kyc = await client.accounts.kyc.retrieve();
 * if (kyc.status === 'verified') console.log('verified');
 * ```
 */
export type Kyc = z.infer<typeof kycSchema>;
