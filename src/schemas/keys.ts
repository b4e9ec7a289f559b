import { z } from 'zod';
import { timestamp } from './common.js';
import { permissionSchema } from './primitives.js';

/** An API key record (spec 2.2): `keyId`, `name` and `permissions` are stated by the spec, so required. */
export const apiKeySchema = z.looseObject({
  keyId: z.string(),
  name: z.string(),
  permissions: z.array(permissionSchema),
  createdAt: timestamp.optional(),
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
 */
export type ApiKey = z.infer<typeof apiKeySchema>;

/** A key at creation: the only response that carries its value (spec 2.2, 5.3). */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
/**
 * A freshly created key with its value in `key`. Store the value now: it cannot be retrieved later.
 *
 * @example
 * ```ts
 * const { keyId, key } = await client.keys.create({ name: 'ci', permissions: ['read'] });
 * ```
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
 */
export type RevokedApiKey = z.infer<typeof revokedKeySchema>;
