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
  /** How long a claim lasts if the handler never settles. Default 5 min. */
  readonly leaseMs?: number;
  /**
   * Most ids kept. Expired ids make room; a live one never does: a claim that finds the store
   * full of live ids throws `WebhookDedupStoreFullError` (the receivers answer 503). Default 100 000.
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
  /** `ttlMs`: how long a completed id is remembered. */
  readonly retentionMs: number;
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
 * It holds at most `maxEntries` ids and never forgets one before its time to make room: when
 * every id it holds is live, a claim throws `WebhookDedupStoreFullError`, which the receivers
 * answer 503 with `Retry-After` and report to `onError`.
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
 *   secret: process.env.WEBHOOK_SECRET!,
 *   store: createMemoryDedupStore({ ttlMs: 96 * 3_600_000 }),
 *   on: { 'payment.overdue': async (event) => notify(event.data) },
 * });
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

  function put(id: string, entry: Entry): void {
    entries.delete(id);
    entries.set(id, entry);
  }

  // `all`: look past the first live completion too, for lapsed claims behind it. Only a full store
  // does, and only authentic deliveries reach a claim, so a forger cannot make it walk the map.
  function sweep(at: number, all = false): void {
    for (const [id, entry] of entries) {
      if (entry.expiresAt > at) {
        if (entry.state === 'completed' && !all) break;
        continue;
      }
      entries.delete(id);
    }
  }

  return {
    claim(eventId): WebhookClaim {
      const at = now();
      sweep(at);
      const entry = entries.get(eventId);
      if (entry !== undefined && entry.expiresAt > at) return entry.state;
      if (entry === undefined && entries.size >= maxEntries) {
        sweep(at, true);
        if (entries.size >= maxEntries) throw new WebhookDedupStoreFullError(maxEntries, eventId);
      }
      put(eventId, { state: 'in_progress', expiresAt: at + leaseMs });
      return 'claimed';
    },
    complete(eventId) {
      put(eventId, { state: 'completed', expiresAt: now() + ttlMs });
    },
    release(eventId) {
      if (entries.get(eventId)?.state === 'in_progress') entries.delete(eventId);
    },
    retentionMs: ttlMs,
  };
}
