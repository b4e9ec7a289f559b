import { z } from 'zod';
import { defineOperation } from '../core/operation.js';
import { listQuery } from '../schemas/pagination.js';
import { idRule, nonEmptyPatch } from '../schemas/primitives.js';
import { yieldPositionSchema } from '../schemas/yield.js';

const byPositionId = z.object({ positionId: idRule });
const autoCompoundRule = z.boolean({ error: 'must be true or false' });

/** `GET /yield`: the account's yield positions. Conventional. */
export const listYieldPositions = defineOperation({
  method: 'GET',
  path: 'yield',
  documented: false,
  query: listQuery,
  response: yieldPositionSchema,
  list: { resourceKey: 'positions' },
});

/** `GET /yield/{positionId}`. Conventional. */
export const retrieveYieldPosition = defineOperation({
  method: 'GET',
  path: 'yield/{positionId}',
  documented: false,
  pathParams: byPositionId,
  response: yieldPositionSchema,
});

/** The body of `PUT /yield/{positionId}`: the whole configuration of a position. */
export const replaceYieldConfigBody = z.looseObject({
  /** Whether earnings are reinvested into the position. */
  autoCompound: autoCompoundRule,
});

/** `PUT /yield/{positionId}`: replaces a position's configuration. Conventional. */
export const replaceYieldPosition = defineOperation({
  method: 'PUT',
  path: 'yield/{positionId}',
  documented: false,
  pathParams: byPositionId,
  body: replaceYieldConfigBody,
  response: yieldPositionSchema,
});

/** The body of `PATCH /yield/{positionId}`. */
export const updateYieldConfigBody = nonEmptyPatch(
  z.looseObject({
    /** Whether earnings are reinvested into the position. */
    autoCompound: autoCompoundRule.optional(),
  }),
);

/** `PATCH /yield/{positionId}`: changes part of a position's configuration. Conventional. */
export const updateYieldPosition = defineOperation({
  method: 'PATCH',
  path: 'yield/{positionId}',
  documented: false,
  pathParams: byPositionId,
  body: updateYieldConfigBody,
  response: yieldPositionSchema,
});
