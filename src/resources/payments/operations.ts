import * as z from 'zod/mini';
import { defineOperation } from '../../core/operations/operation.js';
import { listQuery } from '../shared/pagination.js';
import { idRule } from '../shared/primitives.js';
import { createPaymentBody, paymentSchema } from './schemas.js';

/** The operations of `client.payments`, keyed by resource method. */
export const paymentOperations = {
  /** `GET /payments`. Conventional. */
  'payments.list': defineOperation({
    method: 'GET',
    path: 'payments',
    documented: false,
    query: listQuery,
    response: paymentSchema,
    list: { resourceKey: 'payments' },
  }),
  /** `GET /payments/{paymentId}`. Conventional. */
  'payments.retrieve': defineOperation({
    method: 'GET',
    path: 'payments/{paymentId}',
    documented: false,
    pathParams: z.object({ paymentId: idRule }),
    response: paymentSchema,
  }),
  /** `POST /payments`. Conventional. */
  'payments.create': defineOperation({
    method: 'POST',
    path: 'payments',
    documented: false,
    body: createPaymentBody,
    response: paymentSchema,
    successStatus: 201,
  }),
} as const;
