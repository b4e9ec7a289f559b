import { z } from 'zod';
import { defineOperation } from '../core/operation.js';
import { listQuery } from '../schemas/pagination.js';
import { idRule } from '../schemas/primitives.js';
import { scoreSchema } from '../schemas/scores.js';

// Read-only: scores are computed by the service (the `score.updated` event reports changes).

/** `GET /scores`. Conventional. */
export const listScores = defineOperation({
  method: 'GET',
  path: 'scores',
  documented: false,
  query: listQuery,
  response: scoreSchema,
  list: { resourceKey: 'scores' },
});

/** `GET /scores/{scoreId}`. Conventional. */
export const retrieveScore = defineOperation({
  method: 'GET',
  path: 'scores/{scoreId}',
  documented: false,
  pathParams: z.object({ scoreId: idRule }),
  response: scoreSchema,
});
