import * as z from 'zod/mini';
import type { APIPromise } from '../../core/operations/api-promise.js';
import { defineOperation } from '../../core/operations/operation.js';
import type { PagePromise } from '../../core/pagination/page-promise.js';
import type { ListRequestOptions, RequestOptions } from '../../core/types.js';
import { APIResource } from '../resource.js';
import { patchBody, requestBody, type RequestParams } from '../shared/bodies.js';
import { creditTier, decimalString, openEnum, type RecordOf, recordSchema, timestamp, tokenString } from '../shared/fields.js';
import { type ListParams, listQuery } from '../shared/pagination.js';
import { amountRule, idRule, oneOf, tokenRule } from '../shared/primitives.js';

/** A credit line's states: the record's `status` may also hold one added later, a request's may not. */
const CREDIT_LINE_STATUSES = ['active', 'frozen', 'closed'] as const;

const creditLineShape = {
  /** The credit line id, prefixed `cl_`. */
  id: z.string(),
  /** The most that can be drawn, as a decimal string. */
  limit: z.optional(decimalString),
  /** The amount drawn and not yet repaid, as a decimal string. */
  used: z.optional(decimalString),
  /** What can still be drawn (`limit` minus `used`), as a decimal string. */
  available: z.optional(decimalString),
  /** The token the line is denominated in. */
  token: z.optional(tokenString),
  /** The credit tier the line was opened under. */
  tier: z.optional(creditTier),
  /** `active`, `frozen` (no further draws) or `closed`. */
  status: z.optional(openEnum<(typeof CREDIT_LINE_STATUSES)[number]>()),
  /** A decimal string; below `"1.0"` the service refuses further draws (HEALTH_FACTOR_LOW). */
  healthFactor: z.optional(decimalString),
  /** When the line was opened (ISO 8601 UTC). */
  createdAt: z.optional(timestamp),
  /** When the line last changed (ISO 8601 UTC). */
  updatedAt: z.optional(timestamp),
};
/**
 * A credit line record. The spec shows no fields; all but `id` are optional. Money fields are
 * decimal strings.
 *
 * @example
 * ```ts
 * const line: CreditLine = await client.credit.retrieve('cl_123');
 * console.log(`${line.available} of ${line.limit} ${line.token} available`);
 * ```
 */
export interface CreditLine extends RecordOf<typeof creditLineShape> {}
const creditLineSchema = recordSchema<CreditLine>(creditLineShape);

// Neither the spec nor the public facts name a credit line's request fields, so both are
// optional (the service is the judge); the amount and token rules still apply when given.
/** The body of `POST /credit`: the token and the limit, a positive decimal string. */
const createCreditLineBody = requestBody({
  /** The token to borrow in. */
  token: z.optional(tokenRule),
  /** The requested limit, a positive decimal string such as `"5000.00"`. */
  limit: z.optional(amountRule),
});
/**
 * The body of {@link Credit.create}: the token and the limit as a positive decimal string.
 *
 * @example
 * ```ts
 * const params: CreditLineCreateParams = { token: 'USDC', limit: '10000.00' };
 * ```
 */
export interface CreditLineCreateParams extends z.input<typeof createCreditLineBody>, RequestParams {}

/** Credit line states a caller may set (the service decides whether the transition is allowed). */
const creditLineStatusRule = oneOf(CREDIT_LINE_STATUSES, 'must be one of: active, frozen, closed');

/** The body of `PATCH /credit/{creditLineId}`: a new limit, a new status, or both. */
const updateCreditLineBody = patchBody({
  /** A new limit, a positive decimal string. */
  limit: z.optional(amountRule),
  /** A new state; the service decides whether the transition is allowed. */
  status: z.optional(creditLineStatusRule),
});
/**
 * The body of {@link Credit.update}: a new `limit`, a new `status`, or both.
 *
 * @example
 * ```ts
 * const patch: CreditLineUpdateParams = { status: 'frozen' };
 * ```
 */
export interface CreditLineUpdateParams extends z.input<typeof updateCreditLineBody>, RequestParams {}

const byCreditLineId = z.object({ creditLineId: idRule });

/** The operations of `client.credit`, keyed by resource method. */
const creditOperations = {
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
// The default export, for OPERATIONS (../operations.ts): a named one would be a public name
// through index.ts's `export type *`.
export default creditOperations;

/**
 * Credit lines (`/credit`). Every operation is **conventional**: the spec gives only the base
 * path. A credit line is closed with `update(id, { status: 'closed' })`, not deleted.
 *
 * @example
 * ```ts
 * const line = await client.credit.create({ token: 'USDC', limit: '10000.00' });
 * await client.credit.update(line.id, { limit: '15000.00' });
 * ```
 */
export class Credit extends APIResource {
  /**
   * The account's credit lines. **Conventional**: `GET /credit`, cursor-paginated.
   *
   * @example
   * ```ts
   * for await (const line of client.credit.list()) console.log(line.id, line.available);
   * ```
   */
  list(params: ListParams = {}, options?: ListRequestOptions): PagePromise<CreditLine> {
    return this.runner.list(creditOperations['credit.list'], { query: params }, options);
  }

  /**
   * One credit line. **Conventional**: `GET /credit/{creditLineId}`.
   *
   * @example
   * ```ts
   * const line = await client.credit.retrieve('cl_123');
   * ```
   */
  retrieve(creditLineId: string, options?: RequestOptions): APIPromise<CreditLine> {
    return this.runner.call(creditOperations['credit.retrieve'], { path: { creditLineId } }, options);
  }

  /**
   * Opens a credit line. **Conventional**: `POST /credit`.
   *
   * @example
   * ```ts
   * const line = await client.credit.create({ token: 'USDC', limit: '10000.00' });
   * ```
   */
  create(params: CreditLineCreateParams, options?: RequestOptions): APIPromise<CreditLine> {
    return this.runner.call(creditOperations['credit.create'], { body: params }, options);
  }

  /**
   * Changes the limit or the status. **Conventional**: `PATCH /credit/{creditLineId}`. The
   * service may refuse with `HEALTH_FACTOR_LOW` or `CREDIT_FROZEN` (an `APIError`).
   *
   * @example
   * ```ts
   * await client.credit.update('cl_123', { status: 'frozen' });
   * ```
   */
  update(creditLineId: string, patch: CreditLineUpdateParams, options?: RequestOptions): APIPromise<CreditLine> {
    return this.runner.call(creditOperations['credit.update'], { path: { creditLineId }, body: patch }, options);
  }
}
