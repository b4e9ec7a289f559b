import { z } from 'zod';
import { defineOperation } from '../core/operation.js';
import { creditLineSchema } from '../schemas/credit.js';
import { listQuery } from '../schemas/pagination.js';
import { amountRule, idRule, nonEmptyPatch, tokenRule } from '../schemas/primitives.js';

const byCreditLineId = z.object({ creditLineId: idRule });

/** `GET /credit`: the account's credit lines. Conventional. */
export const listCreditLines = defineOperation({
  method: 'GET',
  path: 'credit',
  documented: false,
  query: listQuery,
  response: creditLineSchema,
  list: { resourceKey: 'creditLines' },
});

/** `GET /credit/{creditLineId}`. Conventional. */
export const retrieveCreditLine = defineOperation({
  method: 'GET',
  path: 'credit/{creditLineId}',
  documented: false,
  pathParams: byCreditLineId,
  response: creditLineSchema,
});

/** The body of `POST /credit`: the token and the limit, a positive decimal string. */
export const createCreditLineBody = z.looseObject({
  /** The token to borrow in. */
  token: tokenRule,
  /** The requested limit, a positive decimal string such as `"5000.00"`. */
  limit: amountRule,
});

/** `POST /credit`: opens a credit line. Conventional. */
export const createCreditLine = defineOperation({
  method: 'POST',
  path: 'credit',
  documented: false,
  body: createCreditLineBody,
  response: creditLineSchema,
});

/** Credit line states a caller may set (the service decides whether the transition is allowed). */
export const creditLineStatusRule = z.enum(['active', 'frozen', 'closed'], { error: 'must be one of: active, frozen, closed' });

/** The body of `PATCH /credit/{creditLineId}`: a new limit, a new status, or both. */
export const updateCreditLineBody = nonEmptyPatch(
  z.looseObject({
    /** A new limit, a positive decimal string. */
    limit: amountRule.optional(),
    /** A new state; the service decides whether the transition is allowed. */
    status: creditLineStatusRule.optional(),
  }),
);

/** `PATCH /credit/{creditLineId}`. Conventional. */
export const updateCreditLine = defineOperation({
  method: 'PATCH',
  path: 'credit/{creditLineId}',
  documented: false,
  pathParams: byCreditLineId,
  body: updateCreditLineBody,
  response: creditLineSchema,
});
