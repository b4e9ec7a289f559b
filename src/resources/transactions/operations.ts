import * as z from 'zod/mini';
import { defineOperation } from '../../core/operations/operation.js';
import { listQuery } from '../shared/pagination.js';
import { idRule } from '../shared/primitives.js';
import { transactionSchema } from './schemas.js';

/** The operations of `client.transactions`, keyed by resource method. */
export const transactionOperations = {
  /** `GET /transactions`: a cursor-paginated list. Documented by the service. */
  'transactions.list': defineOperation({
    method: 'GET',
    path: 'transactions',
    documented: true,
    query: listQuery,
    response: transactionSchema,
    list: { resourceKey: 'transactions' },
  }),
  /** `GET /transactions/{transactionId}`. Conventional. */
  'transactions.retrieve': defineOperation({
    method: 'GET',
    path: 'transactions/{transactionId}',
    documented: false,
    pathParams: z.object({ transactionId: idRule }),
    response: transactionSchema,
  }),
} as const;
