import * as z from 'zod/mini';
import type { APIPromise } from '../../core/operations/api-promise.js';
import { defineOperation } from '../../core/operations/operation.js';
import type { PagePromise } from '../../core/pagination/page-promise.js';
import type { ListRequestOptions, RequestOptions } from '../../core/types.js';
import { APIResource } from '../resource.js';
import { requestBody, type RequestParams } from '../shared/bodies.js';
import { optionalFields, permissionValue, type RecordOf, recordSchema, timestamp } from '../shared/fields.js';
import { type ListParams, listQuery } from '../shared/pagination.js';
import { idRule, nameRule, permissionsRule } from '../shared/primitives.js';

const apiKeyShape = {
  /** The key id, prefixed `key_`; not the secret value. */
  keyId: z.string(),
  /** The name given at creation. */
  name: z.string(),
  /** What the key may do: `read`, `write`, `admin`, or a permission added after this SDK version. */
  permissions: z.array(permissionValue),
  /** When the key was created (ISO 8601 UTC). */
  createdAt: z.optional(timestamp),
  /** When the key was revoked (ISO 8601 UTC); `null` while it is live. */
  revokedAt: z.optional(z.nullable(timestamp)),
};
/**
 * An API key record (spec 2.2: `keyId`, `name` and `permissions` are stated, so required). The
 * key value itself is only in {@link CreatedApiKey}.
 *
 * @example
 * ```ts
 * const key: ApiKey = await client.keys.retrieve('key_123');
 * console.log(key.name, key.permissions.includes('admin'));
 * ```
 */
export interface ApiKey extends RecordOf<typeof apiKeyShape> {}
const apiKeySchema = recordSchema<ApiKey>(apiKeyShape);

const createdApiKeyShape = {
  ...apiKeyShape,
  /** The secret key value, for the `X-API-Key` header. Returned only here. */
  key: z.string(),
};
/**
 * A freshly created key with its value in `key` (spec 2.2, 5.3). Store the value now: it cannot
 * be retrieved later.
 *
 * @example
 * ```ts
 * const { keyId, key } = await client.keys.create({ name: 'ci', permissions: ['read'] });
 * ```
 */
export interface CreatedApiKey extends RecordOf<typeof createdApiKeyShape> {}
const createdApiKeySchema = recordSchema<CreatedApiKey>(createdApiKeyShape);

const revokedApiKeyShape = optionalFields(apiKeyShape);
/**
 * What a revocation may answer with. The spec does not show it, so every field is optional: an
 * empty object is a valid answer too.
 *
 * @example
 * ```ts
 * const revoked: RevokedApiKey | null | undefined = await client.keys.revoke('key_old');
 * console.log(revoked?.revokedAt);
 * ```
 */
export interface RevokedApiKey extends RecordOf<typeof revokedApiKeyShape> {}
const revokedKeySchema = recordSchema<RevokedApiKey>(revokedApiKeyShape);

/** The body of `POST /keys`: a descriptive name and a non-empty set of permissions (spec 2.2). */
const createKeyBody = requestBody({
  /** A name to recognise the key by (1 to 200 characters). */
  name: nameRule,
  /** At least one of `read`, `write`, `admin`, each at most once. */
  permissions: permissionsRule,
});
/**
 * The body of {@link Keys.create}: a descriptive name and a non-empty set of permissions.
 *
 * @example
 * ```ts
 * const params: KeyCreateParams = { name: 'ci', permissions: ['read'] };
 * ```
 */
export interface KeyCreateParams extends z.input<typeof createKeyBody>, RequestParams {}

const byKeyId = z.object({ keyId: idRule });

/** The operations of `client.keys`, keyed by resource method. */
const keyOperations = {
  /** `DELETE /keys/{keyId}`: revokes a key; it is invalid at once. Documented by the service. */
  'keys.revoke': defineOperation({
    method: 'DELETE',
    path: 'keys/{keyId}',
    documented: true,
    pathParams: byKeyId,
    // The spec does not show the answer of a revocation: the record, an empty object, or nothing.
    response: z.optional(z.nullable(revokedKeySchema)),
  }),
  /** `GET /keys`: the account's keys, without their values. Conventional. */
  'keys.list': defineOperation({
    method: 'GET',
    path: 'keys',
    documented: false,
    query: listQuery,
    response: apiKeySchema,
    list: { resourceKey: 'keys' },
  }),
  /** `GET /keys/{keyId}`. Conventional. */
  'keys.retrieve': defineOperation({
    method: 'GET',
    path: 'keys/{keyId}',
    documented: false,
    pathParams: byKeyId,
    response: apiKeySchema,
  }),
  /** `POST /keys`: the only response that carries the key value. Conventional. */
  'keys.create': defineOperation({
    method: 'POST',
    path: 'keys',
    documented: false,
    body: createKeyBody,
    response: createdApiKeySchema,
    successStatus: 201,
  }),
} as const;
// The default export, for OPERATIONS (../operations.ts): a named one would be a public name
// through index.ts's `export type *`.
export default keyOperations;

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
    return this.runner.call(keyOperations['keys.revoke'], { path: { keyId } }, options);
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
    return this.runner.list(keyOperations['keys.list'], { query: params }, options);
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
    return this.runner.call(keyOperations['keys.retrieve'], { path: { keyId } }, options);
  }

  /**
   * Creates a key. **Conventional**: `POST /keys`. The result's `key` is the only time the value
   * is shown: store it before doing anything else.
   *
   * @example
   * ```ts
   * const created = await client.keys.create({ name: 'billing-service', permissions: ['read', 'write'] });
   * declare const secrets: { put(name: string, value: string): Promise<void> }; // your secret store
   * await secrets.put('credit-platform-key', created.key);
   * ```
   */
  create(params: KeyCreateParams, options?: RequestOptions): APIPromise<CreatedApiKey> {
    return this.runner.call(keyOperations['keys.create'], { body: params }, options);
  }
}
