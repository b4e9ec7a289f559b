import * as z from 'zod/mini';
import { requestBody, type RequestParams } from '../shared/bodies.js';
import { type RecordOf, recordSchema, timestamp } from '../shared/fields.js';
import { nameRule, permissionSchema, permissionsRule } from '../shared/primitives.js';

const apiKeyShape = {
  /** The key id, prefixed `key_`; not the secret value. */
  keyId: z.string(),
  /** The name given at creation. */
  name: z.string(),
  /** What the key may do. */
  permissions: z.array(permissionSchema),
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
/** The schema of {@link ApiKey}. */
export const apiKeySchema = recordSchema<ApiKey>(apiKeyShape);

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
/** The schema of {@link CreatedApiKey}. */
export const createdApiKeySchema = recordSchema<CreatedApiKey>(createdApiKeyShape);

const revokedApiKeyShape = z.partial(z.object(apiKeyShape)).shape;
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
/** The schema of {@link RevokedApiKey}. */
export const revokedKeySchema = recordSchema<RevokedApiKey>(revokedApiKeyShape);

/** The body of `POST /keys`: a descriptive name and a non-empty set of permissions (spec 2.2). */
export const createKeyBody = requestBody({
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
