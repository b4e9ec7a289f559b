import * as z from 'zod/mini';
import { defineOperation } from '../../core/operations/operation.js';
import { listQuery } from '../shared/pagination.js';
import { idRule } from '../shared/primitives.js';
import { createCreditLineBody, creditLineSchema, updateCreditLineBody } from './schemas.js';

const byCreditLineId = z.object({ creditLineId: idRule });

/** The operations of `client.credit`, keyed by resource method. */
export const creditOperations = {
  /** `GET /credit`: the account's credit lines. Conventional. */
  'credit.list': defineOperation({
    method: 'GET',
    path: 'credit',
    documented: false,
    query: listQuery,
    response: creditLineSchema,
    list: { resourceKey: 'creditLines' },
  }),
  /** `GET /credit/{creditLineId}`. Conventional. */
  'credit.retrieve': defineOperation({
    method: 'GET',
    path: 'credit/{creditLineId}',
    documented: false,
    pathParams: byCreditLineId,
    response: creditLineSchema,
  }),
  /** `POST /credit`: opens a credit line. Conventional. */
  'credit.create': defineOperation({
    method: 'POST',
    path: 'credit',
    documented: false,
    body: createCreditLineBody,
    response: creditLineSchema,
    successStatus: 201,
  }),
  /** `PATCH /credit/{creditLineId}`. Conventional. */
  'credit.update': defineOperation({
    method: 'PATCH',
    path: 'credit/{creditLineId}',
    documented: false,
    pathParams: byCreditLineId,
    body: updateCreditLineBody,
    response: creditLineSchema,
  }),
} as const;
