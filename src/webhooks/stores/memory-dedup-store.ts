// The in-process de-duplication store. It keeps ids as long as the freshness check accepts an
// event: 72 h 5 min by default. No `node:*` import.
import { WebhookDedupStoreFullError } from '../errors.js';
import { DEFAULT_MAX_EVENT_AGE, MAX_CLOCK_SKEW_MS } from '../events/freshness.js';
import type { WebhookClaim, WebhookDedupStore } from './dedup-store.js';

/**
 * Options of {@link createMemoryDedupStore}.
 *
 * @example
 * ```ts
 * import type { MemoryDedupStoreOptions } from 'credit-platform/webhooks';
 * const options: MemoryDedupStoreOptions = { ttlMs: 24 * 3_600_000 };
 * ```
 */
export interface MemoryDedupStoreOptions {
  /**
   * How long a completed id is remembered. Default 72 h 5 min: `DEFAULT_MAX_EVENT_AGE` plus the
   * 5 minutes an event may be signed ahead, the longest a receiver with default options accepts it.
   */
  readonly ttlMs?: number;
  /**
   * How long a claim lasts unless renewed. Default 5 min. The receivers renew it every third of
   * this while the handler runs, so it bounds how long an id stays blocked after a handler that
   * never returns control (a process stuck in a loop), not how long a handler may take.
   */
  readonly leaseMs?: number;
  /**
   * Most ids kept. Default 100 000: the whole `ttlMs` (72 h 5 min) at up to 0.38 events per
   * second (about 33 000 a day). When full, expired ids make room first, then the oldest
   * completed id is forgotten; a claim in progress never is. See {@link createMemoryDedupStore}.
   */
  readonly maxEntries?: number;
  /** Clock in ms, for tests. Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * The in-process store of {@link createMemoryDedupStore}: a {@link WebhookDedupStore} whose
 * methods answer synchronously.
 *
 * @example
 * ```ts
 * import { createMemoryDedupStore, type MemoryDedupStore } from 'credit-platform/webhooks';
 * const store: MemoryDedupStore = createMemoryDedupStore();
 * if (store.claim('evt_1') === 'claimed') store.complete('evt_1');
 * ```
 */
export interface MemoryDedupStore extends WebhookDedupStore {
  /** Claims `eventId` unless it is claimed or completed. */
  claim(eventId: string): WebhookClaim;
  /** Marks a claimed id as handled, for the retention period. */
  complete(eventId: string): void;
  /** Drops a claim, so the service's retry can run it. */
  release(eventId: string): void;
  /** Extends a live claim by `leaseMs` from now; `false` if `eventId` holds no live claim. */
  renew(eventId: string): boolean;
  /** `ttlMs`: how long a completed id is remembered while the store has room. */
  readonly retentionMs: number;
  /** How long a claim lasts unless renewed: the `leaseMs` option, default 300 000. */
  readonly leaseMs: number;
}

interface Entry {
  readonly state: 'in_progress' | 'completed';
  readonly expiresAt: number;
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!(value > 0)) throw new RangeError(`createMemoryDedupStore: ${name} must be a positive number.`);
  return value;
}

/**
 * An in-process {@link WebhookDedupStore}: right for one process, lost on restart.
 * With several processes or instances, implement the interface on a shared store.
 *
 * It holds at most `maxEntries` ids (default 100 000, about 19 MB of heap), enough to remember
 * each completed id for all of `ttlMs` at up to `maxEntries / ttlMs` events per second: 0.38 per
 * second (33 000 a day) with the defaults. Busier, it stays available: when full it drops expired ids,
 * then forgets the oldest completed id, so a new event is never refused for lack of room. Its ids
 * then live `maxEntries / rate` instead of `ttlMs`: still longer than the service's 14 h 36 min of
 * retries up to 1.9 events per second (100 000 / 14 h 36 min), past which a redelivery of an id
 * already forgotten would run its handler again. Above 0.38 events per second, raise `maxEntries`
 * (the retention at your rate is `maxEntries / rate`) or use a shared store such as Redis
 * (`createRedisDedupStore` from `credit-platform/redis`). A claim in progress is never forgotten:
 * only a store whose every id is a claim in progress (`maxEntries` handlers running at once) throws
 * `WebhookDedupStoreFullError`, answered 503 with `Retry-After` until a handler settles.
 *
 * Why not refuse instead: a full store that answered 503 until ids expired would refuse new
 * events for up to `ttlMs` (72 h), far past the service's last retry (14 h 36 min), so those
 * events would be lost; a restart forgets every id anyway.
 *
 * @param options - Retention (`ttlMs`, default 72 h 5 min), claim lease, size bound, clock.
 * @returns A store to pass as `store` to a webhook handler.
 *
 * @example
 * ```ts
 * import { createMemoryDedupStore, createWebhookHandler } from 'credit-platform/webhooks';
 * declare function notify(overdue: object): Promise<void>; // your own
 *
 * const handler = createWebhookHandler({
 *   secret: process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!,
 *   store: createMemoryDedupStore({ ttlMs: 96 * 3_600_000 }),
 *   on: { 'payment.overdue': async (event) => notify(event.data) },
 * });
 *
 * // Sized for 2 events per second over the default 72 h 5 min (259 500 s): 519 000 ids, about 100 MB.
 * const busy = createMemoryDedupStore({ maxEntries: 2 * 259_500 });
 * ```
 */
export function createMemoryDedupStore(options: MemoryDedupStoreOptions = {}): MemoryDedupStore {
  const ttlMs = positive(options.ttlMs, DEFAULT_MAX_EVENT_AGE + MAX_CLOCK_SKEW_MS, 'ttlMs');
  const leaseMs = positive(options.leaseMs, 5 * 60_000, 'leaseMs');
  const maxEntries = positive(options.maxEntries, 100_000, 'maxEntries');
  const now = options.now ?? Date.now;
  // Insertion order is expiry order for completions, so sweeping stops at the
  // first live entry; re-setting an id moves it to the end.
  const entries = new Map<string, Entry>();
  // The ids of the claims among them: as many as handlers running (or never settled), so a full
  // store finds an expired claim without walking its completions.
  const claims = new Set<string>();

  function put(id: string, entry: Entry): void {
    entries.delete(id);
    entries.set(id, entry);
    if (entry.state === 'in_progress') claims.add(id);
    else claims.delete(id);
  }

  function drop(id: string): void {
    entries.delete(id);
    claims.delete(id);
  }

  // Drops expired ids from the front, and stops at the first live completion: the oldest. Only
  // live claims (as many as handlers running) are walked past.
  function sweep(at: number): void {
    for (const [id, entry] of entries) {
      if (entry.expiresAt > at) {
        if (entry.state === 'completed') break;
        continue;
      }
      drop(id);
    }
  }

  // A full store makes room rather than refusing the event (see the TSDoc): first a claim whose
  // lease ran out (its handler never settled; the sweep stops short of claims behind a live
  // completion), else its oldest completion.
  function makeRoom(at: number): boolean {
    for (const id of claims) {
      if ((entries.get(id) as Entry).expiresAt > at) continue;
      drop(id);
      return true;
    }
    for (const [id, entry] of entries) {
      if (entry.state !== 'completed') continue;
      drop(id);
      return true;
    }
    return false;
  }

  return {
    claim(eventId): WebhookClaim {
      const at = now();
      sweep(at);
      const entry = entries.get(eventId);
      if (entry !== undefined && entry.expiresAt > at) return entry.state;
      if (entry === undefined && entries.size >= maxEntries && !makeRoom(at)) {
        throw new WebhookDedupStoreFullError(maxEntries, eventId);
      }
      put(eventId, { state: 'in_progress', expiresAt: at + leaseMs });
      return 'claimed';
    },
    complete(eventId) {
      put(eventId, { state: 'completed', expiresAt: now() + ttlMs });
    },
    release(eventId) {
      if (entries.get(eventId)?.state === 'in_progress') drop(eventId);
    },
    renew(eventId) {
      const at = now();
      const entry = entries.get(eventId);
      if (entry?.state !== 'in_progress' || entry.expiresAt <= at) return false;
      // Same position in the map: claims may sit anywhere, only completions must stay in order.
      entries.set(eventId, { state: 'in_progress', expiresAt: at + leaseMs });
      return true;
    },
    retentionMs: ttlMs,
    leaseMs,
  };
}
