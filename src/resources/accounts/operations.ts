import * as z from 'zod/mini';
import { defineOperation } from '../../core/operations/operation.js';
import { idRule } from '../shared/primitives.js';
import { accountSchema, kycSchema, submitKycBody, updateAccountBody } from './schemas.js';

const byAccountId = z.object({ accountId: idRule });

/** The operations of `client.accounts` and `client.accounts.kyc`, keyed by resource method. */
export const accountOperations = {
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
