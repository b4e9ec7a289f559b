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
 *
 * @useDeclaredType
 */
export type CreditTier = z.infer<typeof creditTierSchema>;

/** The account that owns the API key. The spec shows no account fields; all but `id` are optional. */
export const accountSchema = z.looseObject({
  /** The account id, prefixed `acc_`. */
  id: z.string(),
  /** The account's display name. */
  name: z.string().optional(),
  /** The contact email address. */
  email: z.string().optional(),
  /** The rate-limit tier (spec 8). */
  tier: openEnum(['free', 'standard', 'premium']).optional(),
  /** The credit tier, which sets the terms of new credit lines. */
  creditTier: creditTierSchema.optional(),
  /** `active`, or `frozen` when the service has suspended the account. */
  status: openEnum(['active', 'frozen']).optional(),
  /** Where identity verification stands; see {@link AccountKyc}. */
  kycStatus: openEnum(['none', 'pending', 'verified', 'rejected']).optional(),
  /** When the account was created (ISO 8601 UTC). */
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
 *
 * @interface
 */
export type Account = z.infer<typeof accountSchema>;

/** The state of the account's identity verification. */
export const kycSchema = z.looseObject({
  /** `none` until details are submitted, then `pending` until the service decides. */
  status: openEnum(['none', 'pending', 'verified', 'rejected']).optional(),
  /** When details were last submitted (ISO 8601 UTC); `null` before any submission. */
  submittedAt: timestamp.nullable().optional(),
  /** The submitted legal name. */
  fullName: z.string().optional(),
  /** The submitted ISO 3166-1 alpha-2 country code. */
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
 *
 * @interface
 */
export type Kyc = z.infer<typeof kycSchema>;
