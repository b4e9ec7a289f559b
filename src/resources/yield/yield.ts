import type { APIPromise } from '../../core/operations/api-promise.js';
import type { ListRequestOptions, RequestOptions } from '../../core/types.js';
import type { PagePromise } from '../../core/pagination/page-promise.js';
import { APIResource } from '../resource.js';
import type { ListParams } from '../shared/pagination.js';
import { yieldOperations as ops } from './operations.js';
import type { YieldPosition, YieldReplaceParams, YieldUpdateParams } from './schemas.js';

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
    return this.runner.list(ops['yield.list'], { query: params }, options);
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
    return this.runner.call(ops['yield.retrieve'], { path: { positionId } }, options);
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
    return this.runner.call(ops['yield.replace'], { path: { positionId }, body }, options);
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
    return this.runner.call(ops['yield.update'], { path: { positionId }, body: patch }, options);
  }
}
