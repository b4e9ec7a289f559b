import { z } from 'zod';
import { defineOperation } from '../core/operation.js';
import { accountSchema, kycSchema } from '../schemas/accounts.js';
import { countryRule, emailRule, idRule, nameRule, nonEmptyPatch } from '../schemas/primitives.js';

// Conventional bodies are loose: the spec does not show them, so a field the service accepts and
// this SDK does not know yet is sent as given instead of being dropped.

/** `GET /accounts/me`: the account that owns the key. Documented by the service. */
export const retrieveMyAccount = defineOperation({
  method: 'GET',
  path: 'accounts/me',
  documented: true,
  response: accountSchema,
});

/** `GET /accounts/{accountId}`. Conventional. */
export const retrieveAccount = defineOperation({
  method: 'GET',
  path: 'accounts/{accountId}',
  documented: false,
  pathParams: z.object({ accountId: idRule }),
  response: accountSchema,
});

/** The body of `PATCH /accounts/{accountId}`. */
export const updateAccountBody = nonEmptyPatch(
  z.looseObject({
    /** A new display name (1 to 200 characters). */
    name: nameRule.optional(),
    /** A new contact email address. */
    email: emailRule.optional(),
  }),
);

/** `PATCH /accounts/{accountId}`. Conventional. */
export const updateAccount = defineOperation({
  method: 'PATCH',
  path: 'accounts/{accountId}',
  documented: false,
  pathParams: z.object({ accountId: idRule }),
  body: updateAccountBody,
  response: accountSchema,
});

/** `GET /accounts/me/kyc`: the KYC state of the key's account. Conventional. */
export const retrieveKyc = defineOperation({
  method: 'GET',
  path: 'accounts/me/kyc',
  documented: false,
  response: kycSchema,
});

/** The body of `POST /accounts/me/kyc`. */
export const submitKycBody = z.looseObject({
  /** The legal name to verify. */
  fullName: nameRule,
  /** An ISO 3166-1 alpha-2 country code such as `"DE"`. */
  country: countryRule,
});

/** `POST /accounts/me/kyc`: submits identity details for verification. Conventional. */
export const submitKyc = defineOperation({
  method: 'POST',
  path: 'accounts/me/kyc',
  documented: false,
  body: submitKycBody,
  response: kycSchema,
});
