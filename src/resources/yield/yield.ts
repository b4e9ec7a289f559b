import * as z from 'zod/mini';
import type { APIPromise } from '../../core/operations/api-promise.js';
import { defineOperation } from '../../core/operations/operation.js';
import type { PagePromise } from '../../core/pagination/page-promise.js';
import type { ListRequestOptions, RequestOptions } from '../../core/types.js';
import { APIResource } from '../resource.js';
import { patchBody, requestBody, type RequestParams } from '../shared/bodies.js';
import { chainString, decimalString, type RecordOf, recordSchema, timestamp, tokenString } from '../shared/fields.js';
import { type ListParams, listQuery } from '../shared/pagination.js';
import { idRule } from '../shared/primitives.js';

const yieldPositionShape = {
  /** The position id, prefixed `yld_`. */
  id: z.string(),
  /** The token earning yield. */
  token: z.optional(tokenString),
  /** The chain the position is on. */
  chain: z.optional(chainString),
  /** The annual percentage yield as a decimal string, e.g. `"4.25"`. */
  apy: z.optional(decimalString),
  /** The yield earned so far, as a decimal string. */
  earned: z.optional(decimalString),
  /** Whether earnings are reinvested into the position. */
  autoCompound: z.optional(z.boolean()),
  /** When the position was opened (ISO 8601 UTC). */
  createdAt: z.optional(timestamp),
  /** When the position or its configuration last changed (ISO 8601 UTC). */
  updatedAt: z.optional(timestamp),
};
/**
 * A yield position and its configuration. The spec shows no fields; all but `id` are optional.
 *
 * @example
 * ```ts
 * const position: YieldPosition = await client.yield.retrieve('yld_123');
 * console.log(position.apy, position.earned, position.autoCompound);
 * ```
 */
export interface YieldPosition extends RecordOf<typeof yieldPositionShape> {}
const yieldPositionSchema = recordSchema<YieldPosition>(yieldPositionShape);

const autoCompoundRule = z.boolean({ error: 'must be true or false' });

// Neither the spec nor the public facts name the configuration's fields, so even the full
// replacement (PUT) requires none: the service is the judge of what it needs.
/** The body of `PUT /yield/{positionId}`: the whole configuration of a position. */
const replaceYieldConfigBody = requestBody({
  /** Whether earnings are reinvested into the position. */
  autoCompound: z.optional(autoCompoundRule),
});
/**
 * The body of {@link Yield.replace}: the whole configuration of a position.
 *
 * @example
 * ```ts
 * const config: YieldReplaceParams = { autoCompound: true };
 * ```
 */
export interface YieldReplaceParams extends z.input<typeof replaceYieldConfigBody>, RequestParams {}

/** The body of `PATCH /yield/{positionId}`. */
const updateYieldConfigBody = patchBody({
  /** Whether earnings are reinvested into the position. */
  autoCompound: z.optional(autoCompoundRule),
});
/**
 * The body of {@link Yield.update}: the configuration fields to change.
 *
 * @example
 * ```ts
 * const patch: YieldUpdateParams = { autoCompound: false };
 * ```
 */
export interface YieldUpdateParams extends z.input<typeof updateYieldConfigBody>, RequestParams {}

const byPositionId = z.object({ positionId: idRule });

/** The operations of `client.yield`, keyed by resource method. */
const yieldOperations = {
  /** `GET /yield`: the account's yield positions. Conventional. */
  'yield.list': defineOperation({
    method: 'GET',
    path: 'yield',
    documented: false,
    query: listQuery,
    response: yieldPositionSchema,
    list: { resourceKey: 'positions' },
  }),
  /** `GET /yield/{positionId}`. Conventional. */
  'yield.retrieve': defineOperation({
    method: 'GET',
    path: 'yield/{positionId}',
    documented: false,
    pathParams: byPositionId,
    response: yieldPositionSchema,
  }),
  /** `PUT /yield/{positionId}`: replaces a position's configuration. Conventional. */
  'yield.replace': defineOperation({
    method: 'PUT',
    path: 'yield/{positionId}',
    documented: false,
    pathParams: byPositionId,
    body: replaceYieldConfigBody,
    response: yieldPositionSchema,
  }),
  /** `PATCH /yield/{positionId}`: changes part of a position's configuration. Conventional. */
  'yield.update': defineOperation({
    method: 'PATCH',
    path: 'yield/{positionId}',
    documented: false,
    pathParams: byPositionId,
    body: updateYieldConfigBody,
    response: yieldPositionSchema,
  }),
} as const;
// The default export, for OPERATIONS (../operations.ts): a named one would be a public name
// through index.ts's `export type *`.
export default yieldOperations;

/**
 * Yield positions and their configuration (`/yield`). Every operation is **conventional**.
 * Positions come from deposits; only their configuration is written here.
 *
 * @example
 * ```ts
 * for await (const p of client.yield.list()) console.log(p.token, p.apy, p.earned);
 * ```
 */
export class Yield extends APIResource {
  /**
   * The account's yield positions. **Conventional**: `GET /yield`, cursor-paginated.
   *
   * @example
   * ```ts
   * const page = await client.yield.list({ limit: 20 });
   * ```
   */
  list(params: ListParams = {}, options?: ListRequestOptions): PagePromise<YieldPosition> {
    return this.runner.list(yieldOperations['yield.list'], { query: params }, options);
  }

  /**
   * One position. **Conventional**: `GET /yield/{positionId}`.
   *
   * @example
   * ```ts
   * const position = await client.yield.retrieve('yld_123');
   * ```
   */
  retrieve(positionId: string, options?: RequestOptions): APIPromise<YieldPosition> {
    return this.runner.call(yieldOperations['yield.retrieve'], { path: { positionId } }, options);
  }

  /**
   * Replaces a position's configuration. **Conventional**: `PUT /yield/{positionId}`.
   *
   * @example
   * ```ts
   * await client.yield.replace('yld_123', { autoCompound: true });
   * ```
   */
  replace(positionId: string, body: YieldReplaceParams, options?: RequestOptions): APIPromise<YieldPosition> {
    return this.runner.call(yieldOperations['yield.replace'], { path: { positionId }, body }, options);
  }

  /**
   * Changes part of a position's configuration. **Conventional**: `PATCH /yield/{positionId}`.
   *
   * @example
   * ```ts
   * await client.yield.update('yld_123', { autoCompound: false });
   * ```
   */
  update(positionId: string, patch: YieldUpdateParams, options?: RequestOptions): APIPromise<YieldPosition> {
    return this.runner.call(yieldOperations['yield.update'], { path: { positionId }, body: patch }, options);
  }
}
