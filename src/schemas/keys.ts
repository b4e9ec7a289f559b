import { z } from 'zod';
import { timestamp } from './common.js';
import { permissionSchema } from './primitives.js';

/** An API key record (spec 2.2): `keyId`, `name` and `permissions` are stated by the spec, so required. */
export const apiKeySchema = z.looseObject({
  /** The key id, prefixed `key_`; not the secret value. */
  keyId: z.string(),
  /** The name given at creation. */
  name: z.string(),
  /** What the key may do. */
  permissions: z.array(permissionSchema),
  /** When the key was created (ISO 8601 UTC). */
  createdAt: timestamp.optional(),
  /** When the key was revoked (ISO 8601 UTC); `null` while it is live. */
  revokedAt: timestamp.nullable().optional(),
});
/**
 * An API key record. The key value itself is only in {@link CreatedApiKey}.
 *
 * @example
 * ```ts
 * const key: ApiKey = await client.keys.retrieve('key_123');
 * console.log(key.name, key.permissions.includes('admin'));
 * ```
 *
 * @interface
 */
export type ApiKey = z.infer<typeof apiKeySchema>;

/** A key at creation: the only response that carries its value (spec 2.2, 5.3). */
export const createdApiKeySchema = apiKeySchema.extend({
  /** The secret key value, for the `X-API-Key` header. Returned only here. */
  key: z.string(),
});
/**
 * A freshly created key with its value in `key`. Store the value now: it cannot be retrieved later.
 *
 * @example
 * ```ts
 * const { keyId, key } = await client.keys.create({ name: 'ci', permissions: ['read'] });
 * ```
 *
 * @interface
 */
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/**
 * What a revocation answers. The spec does not show it, so only `keyId` is required when a
 * record comes back at all.
 */
export const revokedKeySchema = apiKeySchema.partial({ name: true, permissions: true });
/**
 * The key record a revocation may return.
 *
 * @example
 * ```ts
 * const revoked: RevokedApiKey | null | undefined = await client.keys.revoke('key_old');
 * console.log(revoked?.revokedAt);
 * ```
 *
 * @interface
 */
export type RevokedApiKey = z.infer<typeof revokedKeySchema>;
