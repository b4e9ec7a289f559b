import type { APIPromise } from '../../core/operations/api-promise.js';
import type { ListRequestOptions, RequestOptions } from '../../core/types.js';
import type { PagePromise } from '../../core/pagination/page-promise.js';
import { APIResource } from '../resource.js';
import type { ListParams } from '../shared/pagination.js';
import { scoreOperations as ops } from './operations.js';
import type { Score } from './schemas.js';

/**
 * Reputation scores (`/scores`), read-only: the service computes them. Both operations are
 * **conventional**. The `score.updated` webhook event reports changes.
 *
 * @example
 * ```ts
 * const [latest] = await client.scores.list({ limit: 1 }).toArray({ max: 1 });
 * console.log(latest?.score, latest?.tier);
 * ```
 */
export class Scores extends APIResource {
  /**
   * The account's scores. **Conventional**: `GET /scores`, cursor-paginated.
   *
   * @example
   * ```ts
   * for await (const s of client.scores.list()) console.log(s.updatedAt, s.score);
   * ```
   */
  list(params: ListParams = {}, options?: ListRequestOptions): PagePromise<Score> {
    return this.runner.list(ops['scores.list'], { query: params }, options);
  }

  /**
   * One score. **Conventional**: `GET /scores/{scoreId}`.
   *
   * @example
   * ```ts
   * const score = await client.scores.retrieve('scr_123');
   * ```
   */
  retrieve(scoreId: string, options?: RequestOptions): APIPromise<Score> {
    return this.runner.call(ops['scores.retrieve'], { path: { scoreId } }, options);
  }
}
