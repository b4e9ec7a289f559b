import type { APIPromise } from '../../core/operations/api-promise.js';
import type { RequestOptions } from '../../core/types.js';
import { APIResource } from '../resource.js';
import { accountOperations as ops } from './operations.js';
import type { Kyc, KycSubmitParams } from './schemas.js';

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
    return this.runner.call(ops['accounts.kyc.retrieve'], {}, options);
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
    return this.runner.call(ops['accounts.kyc.submit'], { body: params }, options);
  }
}
