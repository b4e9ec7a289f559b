import type { z } from 'zod';
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/options.js';
import { retrieveKyc, submitKyc, type submitKycBody } from '../operations/accounts.js';
import type { Kyc } from '../schemas/accounts.js';
import { APIResource } from './resource.js';

/**
 * The body of {@link AccountKyc.submit}: the full name and a two-letter country code.
 *
 * @example
 * ```ts
 * const params: KycSubmitParams = { fullName: 'Ada Lovelace', country: 'GB' };
 * ```
 *
 * @interface
 */
export type KycSubmitParams = z.input<typeof submitKycBody>;

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
    return this.runner.call(retrieveKyc, {}, options);
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
    return this.runner.call(submitKyc, { body: params }, options);
  }
}
