import type { APIPromise } from '../../core/operations/api-promise.js';
import type { OperationRunner } from '../../core/operations/operation-runner.js';
import type { RequestOptions } from '../../core/types.js';
import { APIResource } from '../resource.js';
import { AccountKyc } from './kyc.js';
import { accountOperations as ops } from './operations.js';
import type { Account, AccountUpdateParams } from './schemas.js';

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
    return this.runner.call(ops['accounts.me'], {}, options);
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
    return this.runner.call(ops['accounts.retrieve'], { path: { accountId } }, options);
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
    return this.runner.call(ops['accounts.update'], { path: { accountId }, body: patch }, options);
  }
}
