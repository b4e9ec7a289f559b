// What a receiver needs of a de-duplication store, keyed by event id. The service retries a
// delivery up to six times over about 14 h 36 min, and a receiver accepts an event until
// 72 h after its timestamp (which may be up to 5 minutes ahead), so a completion must be
// remembered 72 h 5 min by default. Types only.

/**
 * What a claim found: `claimed` (run the handler), `in_progress` (another attempt
 * is running it now) or `completed` (already handled: acknowledge only).
 *
 * @example
 * ```ts
 * import type { WebhookClaim } from 'credit-platform/webhooks';
 * const claim: WebhookClaim = 'claimed';
 * ```
 */
export type WebhookClaim = 'claimed' | 'in_progress' | 'completed';

/**
 * Where a receiver records event ids. Implement it on a shared store (Redis,
 * a SQL table with a unique key) when several processes receive deliveries.
 * `claim` must be atomic: of two concurrent claims of one id, only one gets
 * `claimed`. A claim should expire after a lease, so a crash mid-handler does not
 * block the id forever; `renew` and `leaseMs` let the receivers keep a slow handler's claim
 * alive. A completion must be kept as long as the receiver accepts the event:
 * `maxEventAge` plus the 5 minutes an event may be signed ahead (72 h 5 min by default). Say how
 * long in `retentionMs`, and the receivers refuse at start-up a store that would forget too soon.
 *
 * `createRedisDedupStore(redis)` from `credit-platform/redis` implements it on Redis (claims
 * with a lease, and only the claimant may renew, complete or release).
 *
 * @example
 * ```ts
 * import type { WebhookDedupStore } from 'credit-platform/webhooks';
 *
 * // A SQL table with a unique event id, for one database shared by every receiver.
 * declare const db: { insertIfAbsent(id: string): Promise<boolean>; state(id: string): Promise<string>; markDone(id: string): Promise<void>; remove(id: string): Promise<void> };
 * const store: WebhookDedupStore = {
 *   async claim(id) {
 *     if (await db.insertIfAbsent(id)) return 'claimed';
 *     return (await db.state(id)) === 'done' ? 'completed' : 'in_progress';
 *   },
 *   complete: (id) => db.markDone(id),
 *   release: (id) => db.remove(id),
 *   retentionMs: 7 * 24 * 3_600_000, // the table is purged of rows older than a week
 * };
 * ```
 */
export interface WebhookDedupStore {
  /** Atomically claims `eventId` unless it is claimed or completed. */
  claim(eventId: string): WebhookClaim | Promise<WebhookClaim>;
  /** Marks a claimed id as handled, for the retention period. */
  complete(eventId: string): void | Promise<void>;
  /** Drops a claim after the handler failed, so the service's retry can run it. */
  release(eventId: string): void | Promise<void>;
  /**
   * Extends a claim this process holds by another `leaseMs`, from now. While a handler runs, the
   * receivers call it every third of `leaseMs` (a timer in the handler's process, stopped when the
   * handler settles), so a handler slower than the lease keeps its claim and a retry that arrives
   * meanwhile is answered 503 `in_progress` instead of running the handler a second time. A
   * process that crashes stops renewing, and the id is free again one lease later.
   *
   * Resolve `true` while the claim is still this process's, `false` when it is not (the lease ran
   * out and another attempt may hold it): the receiver then stops renewing and tells `onError`.
   * Only the claimant may renew. Optional: without it (or without `leaseMs`) a claim lasts one
   * lease, however long the handler runs.
   *
   * @example
   * ```ts
   * import type { WebhookDedupStore } from 'credit-platform/webhooks';
   *
   * // A SQL table whose rows carry the claimant's token and an expiry.
   * declare const db: { extendIfOwner(id: string, token: string, ms: number): Promise<boolean> };
   * declare const base: Omit<WebhookDedupStore, 'renew' | 'leaseMs'>;
   * declare const myToken: (id: string) => string;
   * const store: WebhookDedupStore = {
   *   ...base,
   *   leaseMs: 60_000,
   *   renew: (id) => db.extendIfOwner(id, myToken(id), 60_000),
   * };
   * ```
   */
  renew?(eventId: string): boolean | Promise<boolean>;
  /**
   * How long a claim lasts unless renewed, in ms. With `renew`, the receivers renew every
   * `leaseMs / 3`; a store that has `renew` must say its `leaseMs` (a `TypeError` when the receiver
   * is created otherwise).
   *
   * @example
   * ```ts
   * import { createMemoryDedupStore } from 'credit-platform/webhooks';
   * const store = createMemoryDedupStore({ leaseMs: 60_000 });
   * console.log(store.leaseMs); // 60000: renewed every 20 s while a handler runs
   * ```
   */
  readonly leaseMs?: number;
  /**
   * How long a completed id is remembered, in ms, if the store knows. A receiver refuses (a
   * `TypeError` when it is created) a store whose `retentionMs` is shorter than its `maxEventAge`
   * plus 5 minutes: an event signed ahead could then be replayed after the store forgot it.
   * Leave it out if the retention is unknown or unbounded; the receiver then takes your word.
   *
   * @example
   * ```ts
   * import { createMemoryDedupStore, createWebhookHandler, type WebhookDedupStore } from 'credit-platform/webhooks';
   *
   * const memory = createMemoryDedupStore({ ttlMs: 24 * 3_600_000 });
   * const store: WebhookDedupStore = memory; // memory.retentionMs is 86_400_000
   * // TypeError at start-up: 24 h is shorter than maxEventAge (72 h by default) + 5 min.
   * createWebhookHandler({ secret: process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!, store });
   * ```
   */
  readonly retentionMs?: number;
}
