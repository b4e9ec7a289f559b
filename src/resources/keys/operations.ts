import * as z from 'zod/mini';
import { defineOperation } from '../../core/operations/operation.js';
import { listQuery } from '../shared/pagination.js';
import { idRule } from '../shared/primitives.js';
import { apiKeySchema, createdApiKeySchema, createKeyBody, revokedKeySchema } from './schemas.js';

const byKeyId = z.object({ keyId: idRule });

/** The operations of `client.keys`, keyed by resource method. */
export const keyOperations = {
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
