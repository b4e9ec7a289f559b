import * as z from 'zod/mini';
import { defineOperation } from '../../core/operations/operation.js';
import { listQuery } from '../shared/pagination.js';
import { idRule } from '../shared/primitives.js';
import { createDepositBody, createWithdrawalBody, depositSchema, withdrawalSchema } from './schemas.js';

// All conventional: the spec gives only the base path /deposits ("deposit and withdrawal
// operations"). Withdrawals live under it as /deposits/withdrawals (docs/design/operations.md).

/** The operations of `client.deposits` and `client.deposits.withdrawals`, keyed by resource method. */
export const depositOperations = {
  /** `GET /deposits`. Conventional. */
  'deposits.list': defineOperation({
    method: 'GET',
    path: 'deposits',
    documented: false,
    query: listQuery,
    response: depositSchema,
    list: { resourceKey: 'deposits' },
  }),
  /** `GET /deposits/{depositId}`. Conventional. */
  'deposits.retrieve': defineOperation({
    method: 'GET',
    path: 'deposits/{depositId}',
    documented: false,
    pathParams: z.object({ depositId: idRule }),
    response: depositSchema,
  }),
  /** `POST /deposits`. Conventional. */
  'deposits.create': defineOperation({
    method: 'POST',
    path: 'deposits',
    documented: false,
    body: createDepositBody,
    response: depositSchema,
    successStatus: 201,
  }),
  /** `GET /deposits/withdrawals`. Conventional. */
  'deposits.withdrawals.list': defineOperation({
    method: 'GET',
    path: 'deposits/withdrawals',
    documented: false,
    query: listQuery,
    response: withdrawalSchema,
    list: { resourceKey: 'withdrawals' },
  }),
  /** `GET /deposits/withdrawals/{withdrawalId}`. Conventional. */
  'deposits.withdrawals.retrieve': defineOperation({
    method: 'GET',
    path: 'deposits/withdrawals/{withdrawalId}',
    documented: false,
    pathParams: z.object({ withdrawalId: idRule }),
    response: withdrawalSchema,
  }),
  /** `POST /deposits/withdrawals`. Conventional. */
  'deposits.withdrawals.create': defineOperation({
    method: 'POST',
    path: 'deposits/withdrawals',
    documented: false,
    body: createWithdrawalBody,
    response: withdrawalSchema,
    successStatus: 201,
  }),
} as const;
