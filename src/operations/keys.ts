import { z } from 'zod';
import { defineOperation } from '../core/operation.js';
import { apiKeySchema, createdApiKeySchema, revokedKeySchema } from '../schemas/keys.js';
import { listQuery } from '../schemas/pagination.js';
import { idRule, nameRule, permissionsRule } from '../schemas/primitives.js';

const byKeyId = z.object({ keyId: idRule });

/** `DELETE /keys/{keyId}`: revokes a key; it is invalid at once. Documented by the service. */
export const revokeKey = defineOperation({
  method: 'DELETE',
  path: 'keys/{keyId}',
  documented: true,
  pathParams: byKeyId,
  // The spec does not show the response data of a revocation: accept a key record, or nothing.
  response: z.union([revokedKeySchema, z.null()]).optional(),
});

/** `GET /keys`: the account's keys, without their values. Conventional. */
export const listKeys = defineOperation({
  method: 'GET',
  path: 'keys',
  documented: false,
  query: listQuery,
  response: apiKeySchema,
  list: { resourceKey: 'keys' },
});

/** `GET /keys/{keyId}`. Conventional. */
export const retrieveKey = defineOperation({
  method: 'GET',
  path: 'keys/{keyId}',
  documented: false,
  pathParams: byKeyId,
  response: apiKeySchema,
});

/** The body of `POST /keys`: a descriptive name and a non-empty set of permissions (spec 2.2). */
export const createKeyBody = z.looseObject({
  /** A name to recognise the key by (1 to 200 characters). */
  name: nameRule,
  /** At least one of `read`, `write`, `admin`, each at most once. */
  permissions: permissionsRule,
});

/** `POST /keys`: the only response that carries the key value. Conventional. */
export const createKey = defineOperation({
  method: 'POST',
  path: 'keys',
  documented: false,
  body: createKeyBody,
  response: createdApiKeySchema,
});
