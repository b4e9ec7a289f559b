// What the inbox reports about its events: counts, and one row per event.

/**
 * Where an event stands: `pending` (waiting for its first run or a retry), `done` (its handler
 * committed), `dead` (failed `maxAttempts` times; kept until replayed).
 *
 * @example
 * ```ts
 * import type { WebhookInboxStatus } from 'credit-platform/postgres';
 * const needsAttention: WebhookInboxStatus = 'dead';
 * ```
 */
export type WebhookInboxStatus = 'pending' | 'done' | 'dead';

/**
 * What `inbox.stats()` resolves.
 *
 * @example
 * ```ts
 * import type { WebhookInboxStats } from 'credit-platform/postgres';
 * function healthy(stats: WebhookInboxStats): boolean {
 *   return stats.dead === 0 && (stats.oldestPendingMs ?? 0) < 15 * 60_000;
 * }
 * ```
 */
export interface WebhookInboxStats {
  /** Events waiting for a run or a retry. */
  readonly pending: number;
  /** Events that failed `maxAttempts` times. */
  readonly dead: number;
  /** Events processed and not yet purged. */
  readonly done: number;
  /** How long ago the oldest pending event was received, in ms; `null` when none is pending. */
  readonly oldestPendingMs: number | null;
}

/**
 * One event as `inbox.list()` yields it. `lastError` is the last failure's class name and message,
 * cut to 500 characters, with the credentials in it replaced by `[REDACTED]` (for an attempt whose
 * worker died: `the worker died during attempt n of max: …`).
 *
 * @example
 * ```ts
 * import type { WebhookInboxEntry } from 'credit-platform/postgres';
 * const line = (entry: WebhookInboxEntry) =>
 *   `${entry.eventId} ${entry.type} attempts=${entry.attempts} ${entry.lastError ?? ''}`;
 * ```
 */
export interface WebhookInboxEntry {
  /** The event id (`sha256:` and its digest for an id stored so; `replay` takes either). */
  readonly eventId: string;
  /** The event type as sent. */
  readonly type: string;
  /**
   * How many attempts started (0 for an event never run; 1 for one done at its first run), counted
   * when each starts, so an attempt whose worker died counts too. A replay resets it to 0.
   */
  readonly attempts: number;
  /** The last failure, redacted; `null` if none. */
  readonly lastError: string | null;
  /** When the receiver stored it. */
  readonly receivedAt: Date;
}
