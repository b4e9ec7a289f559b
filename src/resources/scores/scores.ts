import * as z from 'zod/mini';
import type { APIPromise } from '../../core/operations/api-promise.js';
import { defineOperation } from '../../core/operations/operation.js';
import type { PagePromise } from '../../core/pagination/page-promise.js';
import type { ListRequestOptions, RequestOptions } from '../../core/types.js';
import { APIResource } from '../resource.js';
import { creditTier, type RecordOf, recordSchema, timestamp } from '../shared/fields.js';
import { type ListParams, listQuery } from '../shared/pagination.js';
import { idRule } from '../shared/primitives.js';

const scoreShape = {
  /** The score id, prefixed `scr_`. */
  id: z.string(),
  /** The scored account. */
  accountId: z.optional(z.string()),
  /** A number, unlike amounts: a score is not money. */
  score: z.optional(z.number()),
  /** The credit tier the score places the account in. */
  tier: z.optional(creditTier),
  // The shape of the factors is not shown anywhere; they are passed through as sent.
  /** What the score is based on, passed through exactly as the service sent it. */
  factors: z.optional(z.unknown()),
  /** When the score was last computed (ISO 8601 UTC). */
  updatedAt: z.optional(timestamp),
};
/**
 * A reputation score record. The spec shows no fields; all but `id` are optional.
 *
 * @example
 * ```ts
 * const score: Score = await client.scores.retrieve('scr_123');
 * console.log(score.score, score.tier);
 * ```
 */
export interface Score extends RecordOf<typeof scoreShape> {}
const scoreSchema = recordSchema<Score>(scoreShape);

// Read-only: scores are computed by the service (the `score.updated` event reports changes).

/** The operations of `client.scores`, keyed by resource method. */
const scoreOperations = {
  /** `GET /scores`. Conventional. */
  'scores.list': defineOperation({
    method: 'GET',
    path: 'scores',
    documented: false,
    query: listQuery,
    response: scoreSchema,
    list: { resourceKey: 'scores' },
  }),
  /** `GET /scores/{scoreId}`. Conventional. */
  'scores.retrieve': defineOperation({
    method: 'GET',
    path: 'scores/{scoreId}',
    documented: false,
    pathParams: z.object({ scoreId: idRule }),
    response: scoreSchema,
  }),
} as const;
// The default export, for OPERATIONS (../operations.ts): a named one would be a public name
// through index.ts's `export type *`.
export default scoreOperations;

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
    return this.runner.list(scoreOperations['scores.list'], { query: params }, options);
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
    return this.runner.call(scoreOperations['scores.retrieve'], { path: { scoreId } }, options);
  }
}
