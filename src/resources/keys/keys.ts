import type { APIPromise } from '../../core/operations/api-promise.js';
import type { ListRequestOptions, RequestOptions } from '../../core/types.js';
import type { PagePromise } from '../../core/pagination/page-promise.js';
import { APIResource } from '../resource.js';
import type { ListParams } from '../shared/pagination.js';
import { keyOperations as ops } from './operations.js';
import type { ApiKey, CreatedApiKey, KeyCreateParams, RevokedApiKey } from './schemas.js';

/**
 * API keys (`/keys`). Key management needs a key with the `admin` permission. Only `revoke` is
 * documented by the service; the rest follow its REST conventions.
 *
 * @example
 * ```ts
 * const { key } = await client.keys.create({ name: 'ci', permissions: ['read'] });
 * await client.keys.revoke('key_old');
 * ```
 */
export class Keys extends APIResource {
  /**
   * Revokes a key; it stops working at once. **Documented** by the service:
   * `DELETE /keys/{keyId}` (the id is path-encoded).
   *
   * @example
   * ```ts
   * await client.keys.revoke('key_old');
   * ```
   */
  revoke(keyId: string, options?: RequestOptions): APIPromise<RevokedApiKey | null | undefined> {
    return this.runner.call(ops['keys.revoke'], { path: { keyId } }, options);
  }

  /**
   * The account's keys, without their values. **Conventional**: `GET /keys`, cursor-paginated.
   *
   * @example
   * ```ts
   * for await (const key of client.keys.list()) console.log(key.keyId, key.permissions);
   * ```
   */
  list(params: ListParams = {}, options?: ListRequestOptions): PagePromise<ApiKey> {
    return this.runner.list(ops['keys.list'], { query: params }, options);
  }

  /**
   * One key, without its value. **Conventional**: `GET /keys/{keyId}`.
   *
   * @example
   * ```ts
   * const key = await client.keys.retrieve('key_123');
   * ```
   */
  retrieve(keyId: string, options?: RequestOptions): APIPromise<ApiKey> {
    return this.runner.call(ops['keys.retrieve'], { path: { keyId } }, options);
  }

  /**
   * Creates a key. **Conventional**: `POST /keys`. The result's `key` is the only time the value
   * is shown: store it before doing anything else.
   *
   * @example
   * ```ts
   * const created = await client.keys.create({ name: 'billing-service', permissions: ['read', 'write'] });
   * await secrets.put('credit-platform-key', created.key);
   * ```
   */
  create(params: KeyCreateParams, options?: RequestOptions): APIPromise<CreatedApiKey> {
    return this.runner.call(ops['keys.create'], { body: params }, options);
  }
}
