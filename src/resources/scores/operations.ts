import * as z from 'zod/mini';
import { defineOperation } from '../../core/operations/operation.js';
import { listQuery } from '../shared/pagination.js';
import { idRule } from '../shared/primitives.js';
import { scoreSchema } from './schemas.js';

// Read-only: scores are computed by the service (the `score.updated` event reports changes).

/** The operations of `client.scores`, keyed by resource method. */
export const scoreOperations = {
  /** `GET /scores`. Conventional. */
  'scores.list': defineOperation({
    method: 'GET',
    path: 'scores',
    documented: false,
    query: listQuery,
    response: scoreSchema,
    list: { resourceKey: 'scores' },
  }),
  /** `GET /scores/{scoreId}`. Conventional. */
  'scores.retrieve': defineOperation({
    method: 'GET',
    path: 'scores/{scoreId}',
    documented: false,
    pathParams: z.object({ scoreId: idRule }),
    response: scoreSchema,
  }),
} as const;
