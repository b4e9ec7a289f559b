import { z } from 'zod';
import { defineOperation } from '../core/operation.js';
import { listQuery } from '../schemas/pagination.js';
import { idRule } from '../schemas/primitives.js';
import { transactionSchema } from '../schemas/transactions.js';

export { listQuery };

/** `GET /transactions`: a cursor-paginated list. Documented by the service. */
export const listTransactions = defineOperation({
  method: 'GET',
  path: 'transactions',
  documented: true,
  query: listQuery,
  response: transactionSchema,
  list: { resourceKey: 'transactions' },
});

/** `GET /transactions/{transactionId}`. Conventional. */
export const retrieveTransaction = defineOperation({
  method: 'GET',
  path: 'transactions/{transactionId}',
  documented: false,
  pathParams: z.object({ transactionId: idRule }),
  response: transactionSchema,
});
