import { z } from 'zod';
import { defineOperation } from '../core/operation.js';
import { depositSchema, withdrawalSchema } from '../schemas/deposits.js';
import { listQuery } from '../schemas/pagination.js';
import { addressRule, amountRule, chainRule, idRule, tokenRule } from '../schemas/primitives.js';

// All conventional: the spec gives only the base path /deposits ("deposit and withdrawal
// operations"). Withdrawals live under it as /deposits/withdrawals (docs/design/operations.md).

/** `GET /deposits`. Conventional. */
export const listDeposits = defineOperation({
  method: 'GET',
  path: 'deposits',
  documented: false,
  query: listQuery,
  response: depositSchema,
  list: { resourceKey: 'deposits' },
});

/** `GET /deposits/{depositId}`. Conventional. */
export const retrieveDeposit = defineOperation({
  method: 'GET',
  path: 'deposits/{depositId}',
  documented: false,
  pathParams: z.object({ depositId: idRule }),
  response: depositSchema,
});

/** The body of `POST /deposits`. Loose: fields the SDK does not know yet are sent as given. */
export const createDepositBody = z.looseObject({
  /** The token to deposit, e.g. `"USDC"`. */
  token: tokenRule,
  /** The chain the funds come from, e.g. `"Base"`. */
  chain: chainRule,
  /** A positive decimal string such as `"250.00"`. */
  amount: amountRule,
});

/** `POST /deposits`. Conventional. */
export const createDeposit = defineOperation({
  method: 'POST',
  path: 'deposits',
  documented: false,
  body: createDepositBody,
  response: depositSchema,
});

/** `GET /deposits/withdrawals`. Conventional. */
export const listWithdrawals = defineOperation({
  method: 'GET',
  path: 'deposits/withdrawals',
  documented: false,
  query: listQuery,
  response: withdrawalSchema,
  list: { resourceKey: 'withdrawals' },
});

/** `GET /deposits/withdrawals/{withdrawalId}`. Conventional. */
export const retrieveWithdrawal = defineOperation({
  method: 'GET',
  path: 'deposits/withdrawals/{withdrawalId}',
  documented: false,
  pathParams: z.object({ withdrawalId: idRule }),
  response: withdrawalSchema,
});

/** The body of `POST /deposits/withdrawals`. */
export const createWithdrawalBody = z.looseObject({
  /** The token to withdraw. */
  token: tokenRule,
  /** The chain to send the funds on. */
  chain: chainRule,
  /** A positive decimal string such as `"100.00"`. */
  amount: amountRule,
  /** The destination: `0x` and 40 hex digits. */
  toAddress: addressRule,
});

/** `POST /deposits/withdrawals`. Conventional. */
export const createWithdrawal = defineOperation({
  method: 'POST',
  path: 'deposits/withdrawals',
  documented: false,
  body: createWithdrawalBody,
  response: withdrawalSchema,
});
