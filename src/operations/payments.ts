import { z } from 'zod';
import { defineOperation } from '../core/operation.js';
import { listQuery } from '../schemas/pagination.js';
import { paymentSchema } from '../schemas/payments.js';
import { amountRule, idRule, tokenRule } from '../schemas/primitives.js';

/** `GET /payments`. Conventional. */
export const listPayments = defineOperation({
  method: 'GET',
  path: 'payments',
  documented: false,
  query: listQuery,
  response: paymentSchema,
  list: { resourceKey: 'payments' },
});

/** `GET /payments/{paymentId}`. Conventional. */
export const retrievePayment = defineOperation({
  method: 'GET',
  path: 'payments/{paymentId}',
  documented: false,
  pathParams: z.object({ paymentId: idRule }),
  response: paymentSchema,
});

/** The body of `POST /payments`: a repayment of a credit line. */
export const createPaymentBody = z.looseObject({
  /** The credit line to repay. */
  creditLineId: idRule,
  /** A positive decimal string such as `"500.00"`. */
  amount: amountRule,
  /** The token to pay in. */
  token: tokenRule,
});

/** `POST /payments`. Conventional. */
export const createPayment = defineOperation({
  method: 'POST',
  path: 'payments',
  documented: false,
  body: createPaymentBody,
  response: paymentSchema,
});
