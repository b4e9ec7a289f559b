import * as z from 'zod/mini';
import { patchBody, requestBody, type RequestParams } from '../shared/bodies.js';
import { openEnum, type RecordOf, recordSchema, timestamp } from '../shared/fields.js';
import { countryRule, emailRule, nameRule } from '../shared/primitives.js';

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

const kycStatus = openEnum(['none', 'pending', 'verified', 'rejected']);

const accountShape = {
  /** The account id, prefixed `acc_`. */
  id: z.string(),
  /** The account's display name. */
  name: z.optional(z.string()),
  /** The contact email address. */
  email: z.optional(z.string()),
  /** The rate-limit tier (spec 8). */
  tier: z.optional(openEnum(['free', 'standard', 'premium'])),
  /** The credit tier, which sets the terms of new credit lines. */
  creditTier: z.optional(creditTierSchema),
  /** `active`, or `frozen` when the service has suspended the account. */
  status: z.optional(openEnum(['active', 'frozen'])),
  /** Where identity verification stands; see {@link AccountKyc}. */
  kycStatus: z.optional(kycStatus),
  /** When the account was created (ISO 8601 UTC). */
  createdAt: z.optional(timestamp),
};
/**
 * An account record; fields beyond `id` are optional because the spec does not show them.
 *
 * @example
 * ```ts
 * const me: Account = await client.accounts.me();
 * if (me.status === 'frozen') console.warn('account frozen');
 * ```
 */
export interface Account extends RecordOf<typeof accountShape> {}
/** The account that owns the API key. The spec shows no account fields; all but `id` are optional. */
export const accountSchema = recordSchema<Account>(accountShape);

const kycShape = {
  /** `none` until details are submitted, then `pending` until the service decides. */
  status: z.optional(kycStatus),
  /** When details were last submitted (ISO 8601 UTC); `null` before any submission. */
  submittedAt: z.optional(z.nullable(timestamp)),
  /** The submitted legal name. */
  fullName: z.optional(z.string()),
  /** The submitted ISO 3166-1 alpha-2 country code. */
  country: z.optional(z.string()),
};
/**
 * The account's KYC state; every field is optional because the spec does not show them.
 *
 * @example
 * ```ts
 * const kyc: Kyc = await client.accounts.kyc.retrieve();
 * if (kyc.status === 'verified') console.log('verified');
 * ```
 */
export interface Kyc extends RecordOf<typeof kycShape> {}
/** The state of the account's identity verification. */
export const kycSchema = recordSchema<Kyc>(kycShape);

/** The body of `PATCH /accounts/{accountId}`. */
export const updateAccountBody = patchBody({
  /** A new display name (1 to 200 characters). */
  name: z.optional(nameRule),
  /** A new contact email address. */
  email: z.optional(emailRule),
});
/**
 * The body of {@link Accounts.update}: the fields to change (at least one).
 *
 * @example
 * ```ts
 * client.accounts.update(me.id, { name: 'Treasury' } satisfies AccountUpdateParams);
 * ```
 */
export interface AccountUpdateParams extends z.input<typeof updateAccountBody>, RequestParams {}

// Neither the spec nor the public facts name KYC's fields, so both are optional: the service is
// the judge of what it needs.
/** The body of `POST /accounts/me/kyc`. */
export const submitKycBody = requestBody({
  /** The legal name to verify. */
  fullName: z.optional(nameRule),
  /** An ISO 3166-1 alpha-2 country code such as `"DE"`. */
  country: z.optional(countryRule),
});
/**
 * The body of {@link AccountKyc.submit}: the full name and a two-letter country code.
 *
 * @example
 * ```ts
 * const params: KycSubmitParams = { fullName: 'Ada Lovelace', country: 'GB' };
 * ```
 */
export interface KycSubmitParams extends z.input<typeof submitKycBody>, RequestParams {}
