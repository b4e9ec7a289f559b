import * as z from 'zod/mini';
import { defineOperation } from '../../core/operations/operation.js';
import { listQuery } from '../shared/pagination.js';
import { idRule } from '../shared/primitives.js';
import { replaceYieldConfigBody, updateYieldConfigBody, yieldPositionSchema } from './schemas.js';

const byPositionId = z.object({ positionId: idRule });

/** The operations of `client.yield`, keyed by resource method. */
export const yieldOperations = {
  /** `GET /yield`: the account's yield positions. Conventional. */
  'yield.list': defineOperation({
    method: 'GET',
    path: 'yield',
    documented: false,
    query: listQuery,
    response: yieldPositionSchema,
    list: { resourceKey: 'positions' },
  }),
  /** `GET /yield/{positionId}`. Conventional. */
  'yield.retrieve': defineOperation({
    method: 'GET',
    path: 'yield/{positionId}',
    documented: false,
    pathParams: byPositionId,
    response: yieldPositionSchema,
  }),
  /** `PUT /yield/{positionId}`: replaces a position's configuration. Conventional. */
  'yield.replace': defineOperation({
    method: 'PUT',
    path: 'yield/{positionId}',
    documented: false,
    pathParams: byPositionId,
    body: replaceYieldConfigBody,
    response: yieldPositionSchema,
  }),
  /** `PATCH /yield/{positionId}`: changes part of a position's configuration. Conventional. */
  'yield.update': defineOperation({
    method: 'PATCH',
    path: 'yield/{positionId}',
    documented: false,
    pathParams: byPositionId,
    body: updateYieldConfigBody,
    response: yieldPositionSchema,
  }),
} as const;
