import * as z from 'zod/mini';
import type { APIPromise } from '../../core/operations/api-promise.js';
import { defineOperation } from '../../core/operations/operation.js';
import type { OperationRunner } from '../../core/operations/operation-runner.js';
import type { RequestOptions } from '../../core/types.js';
import { APIResource } from '../resource.js';
import { patchBody, requestBody, type RequestParams } from '../shared/bodies.js';
import { creditTier, openEnum, type RecordOf, recordSchema, timestamp } from '../shared/fields.js';
import { countryRule, emailRule, idRule, nameRule } from '../shared/primitives.js';

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
export type CreditTier = z.infer<typeof creditTier>;

const kycStatus = openEnum<'none' | 'pending' | 'verified' | 'rejected'>();

const accountShape = {
  /** The account id, prefixed `acc_`. */
  id: z.string(),
  /** The account's display name. */
  name: z.optional(z.string()),
  /** The contact email address. */
  email: z.optional(z.string()),
  /** The rate-limit tier (spec 8). */
  tier: z.optional(openEnum<'free' | 'standard' | 'premium'>()),
  /** The credit tier, which sets the terms of new credit lines. */
  creditTier: z.optional(creditTier),
  /** `active`, or `frozen` when the service has suspended the account. */
  status: z.optional(openEnum<'active' | 'frozen'>()),
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
const accountSchema = recordSchema<Account>(accountShape);

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
const kycSchema = recordSchema<Kyc>(kycShape);

/** The body of `PATCH /accounts/{accountId}`. */
const updateAccountBody = patchBody({
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
 * const me = await client.accounts.me();
 * await client.accounts.update(me.id, { name: 'Treasury' } satisfies AccountUpdateParams);
 * ```
 */
export interface AccountUpdateParams extends z.input<typeof updateAccountBody>, RequestParams {}

// Neither the spec nor the public facts name KYC's fields, so both are optional: the service is
// the judge of what it needs.
/** The body of `POST /accounts/me/kyc`. */
const submitKycBody = requestBody({
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

const byAccountId = z.object({ accountId: idRule });

/** The operations of `client.accounts` and `client.accounts.kyc`, keyed by resource method. */
const accountOperations = {
  /** `GET /accounts/me`: the account that owns the key. Documented by the service. */
  'accounts.me': defineOperation({ method: 'GET', path: 'accounts/me', documented: true, response: accountSchema }),
  /** `GET /accounts/{accountId}`. Conventional. */
  'accounts.retrieve': defineOperation({
    method: 'GET',
    path: 'accounts/{accountId}',
    documented: false,
    pathParams: byAccountId,
    response: accountSchema,
  }),
  /** `PATCH /accounts/{accountId}`. Conventional. */
  'accounts.update': defineOperation({
    method: 'PATCH',
    path: 'accounts/{accountId}',
    documented: false,
    pathParams: byAccountId,
    body: updateAccountBody,
    response: accountSchema,
  }),
  /** `GET /accounts/me/kyc`: the KYC state of the key's account. Conventional. */
  'accounts.kyc.retrieve': defineOperation({ method: 'GET', path: 'accounts/me/kyc', documented: false, response: kycSchema }),
  /** `POST /accounts/me/kyc`: submits identity details for verification. Conventional. */
  'accounts.kyc.submit': defineOperation({
    method: 'POST',
    path: 'accounts/me/kyc',
    documented: false,
    body: submitKycBody,
    response: kycSchema,
    successStatus: 201,
  }),
} as const;
// The default export, for OPERATIONS (../operations.ts): a named one would be a public name
// through index.ts's `export type *`.
export default accountOperations;

/**
 * Identity verification (KYC) of the key's account: `client.accounts.kyc`. Both operations are
 * **conventional**: the spec names KYC under `/accounts` without showing its routes.
 *
 * @example
 * ```ts
 * const kyc = await client.accounts.kyc.retrieve();
 * if (kyc.status === 'none') await client.accounts.kyc.submit({ fullName: 'Ada Lovelace', country: 'GB' });
 * ```
 */
export class AccountKyc extends APIResource {
  /**
   * The verification state. **Conventional**: `GET /accounts/me/kyc`.
   *
   * @example
   * ```ts
   * const { status } = await client.accounts.kyc.retrieve();
   * ```
   */
  retrieve(options?: RequestOptions): APIPromise<Kyc> {
    return this.runner.call(accountOperations['accounts.kyc.retrieve'], {}, options);
  }

  /**
   * Submits identity details for verification. **Conventional**: `POST /accounts/me/kyc`.
   *
   * @example
   * ```ts
   * const kyc = await client.accounts.kyc.submit({ fullName: 'Ada Lovelace', country: 'GB' });
   * console.log(kyc.status); // 'pending'
   * ```
   */
  submit(params: KycSubmitParams, options?: RequestOptions): APIPromise<Kyc> {
    return this.runner.call(accountOperations['accounts.kyc.submit'], { body: params }, options);
  }
}

/**
 * Accounts and KYC (`/accounts`). Only `me()` is documented by the service; the rest follow
 * its REST conventions (docs/design/operations.md).
 *
 * @example
 * ```ts
 * const me = await client.accounts.me();
 * const kyc = await client.accounts.kyc.retrieve();
 * ```
 */
export class Accounts extends APIResource {
  /** Identity verification of the key's account. */
  readonly kyc: AccountKyc;

  /** @internal Resources are created by {@link CreditPlatform}. */
  constructor(runner: OperationRunner) {
    super(runner);
    this.kyc = new AccountKyc(runner);
  }

  /**
   * The account that owns the API key. **Documented** by the service: `GET /accounts/me`.
   *
   * @example
   * ```ts
   * const me = await client.accounts.me();
   * console.log(me.id);
   * ```
   */
  me(options?: RequestOptions): APIPromise<Account> {
    return this.runner.call(accountOperations['accounts.me'], {}, options);
  }

  /**
   * One account by id. **Conventional** (not documented by the service): `GET /accounts/{accountId}`.
   *
   * @example
   * ```ts
   * const account = await client.accounts.retrieve('acc_123');
   * ```
   */
  retrieve(accountId: string, options?: RequestOptions): APIPromise<Account> {
    return this.runner.call(accountOperations['accounts.retrieve'], { path: { accountId } }, options);
  }

  /**
   * Changes an account's name or email. **Conventional**: `PATCH /accounts/{accountId}`.
   * An empty patch is a `RequestValidationError` and nothing is sent.
   *
   * @example
   * ```ts
   * const me = await client.accounts.me();
   * await client.accounts.update(me.id, { email: 'treasury@example.com' });
   * ```
   */
  update(accountId: string, patch: AccountUpdateParams, options?: RequestOptions): APIPromise<Account> {
    return this.runner.call(accountOperations['accounts.update'], { path: { accountId }, body: patch }, options);
  }
}
