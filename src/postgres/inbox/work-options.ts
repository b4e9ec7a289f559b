// What `inbox.work()` takes and returns: the handlers, their context, the worker, and the checks
// of its options.
import { ConfigurationError } from '../../errors/index.js';
import type { UnknownWebhookEvent, WebhookEvent, WebhookEventOf, WebhookEventType } from '../../webhooks/index.js';
import { positiveInteger } from '../option-checks.js';
import { DEFAULT_RESERVED_CONNECTIONS } from './pickup/connection-reserve.js';

/**
 * The second argument of an inbox handler: `db`, the transaction the event's `done` mark commits
 * in (write through it and your writes commit with the mark, or neither does; it refuses `COMMIT`,
 * `ROLLBACK`, a session-level `SET` / `RESET` / `DISCARD` (use `SET LOCAL`), `release()` and any
 * use after the handler settled or passed its deadline; savepoints are fine), `attempt`, 1 on the
 * first run, 2 on the first retry, and so on, and `signal`, aborted at the handler's deadline
 * (`timeoutMs`) and when the worker stops.
 *
 * @typeParam Db - The pool's connection type (`pg`'s `PoolClient`).
 *
 * @example
 * ```ts
 * import type { WebhookInboxContext } from 'credit-platform/postgres';
 * import type { PoolClient } from 'pg';
 *
 * async function credit(context: WebhookInboxContext<PoolClient>, account: string, amount: string) {
 *   if (context.attempt > 1) console.info('retrying', account);
 *   await context.db.query('SET LOCAL search_path TO tenant_b, public');
 *   await context.db.query('UPDATE ledger SET balance = balance + $2 WHERE account = $1', [account, amount]);
 *   const response = await fetch('https://kyc.example/check', { signal: context.signal });
 *   if (!response.ok) throw new Error(`KYC check answered ${response.status}`);
 * }
 * ```
 */
export interface WebhookInboxContext<Db> {
  /** The event's transaction: its writes commit with the event's `done` mark. */
  readonly db: Db;
  /** Which run this is: 1, then 2 on the first retry, up to `maxAttempts`. */
  readonly attempt: number;
  /**
   * Aborted when the handler reaches its deadline (`timeoutMs`: its transaction is then rolled back
   * and the attempt failed, whatever it does next) and when the worker stops (the handler may still
   * finish and commit). Pass it to what the handler awaits, so it ends in time.
   */
  readonly signal: AbortSignal;
}

/**
 * A handler per known event type, as for the receivers' `on`, with a {@link WebhookInboxContext}.
 * An event whose type has no handler is marked `done` without running anything.
 *
 * @typeParam Db - The pool's connection type.
 *
 * @example
 * ```ts
 * import type { WebhookInboxHandlers } from 'credit-platform/postgres';
 * import type { PoolClient } from 'pg';
 *
 * const on: WebhookInboxHandlers<PoolClient> = {
 *   'deposit.created': async (event, { db }) => {
 *     await db.query('INSERT INTO ledger (deposit_id, amount) VALUES ($1, $2)', [event.data.depositId, event.data.amount]);
 *   },
 * };
 * ```
 */
export type WebhookInboxHandlers<Db> = {
  readonly [T in WebhookEventType]?: (event: WebhookEventOf<T>, context: WebhookInboxContext<Db>) => unknown;
};

/**
 * Options of `inbox.work()`.
 *
 * @typeParam Db - The pool's connection type.
 *
 * @example
 * ```ts
 * import type { WebhookInboxWorkOptions } from 'credit-platform/postgres';
 * import type { PoolClient } from 'pg';
 *
 * const options: WebhookInboxWorkOptions<PoolClient> = {
 *   on: { 'payment.received': async (event, { db }) => { await db.query('SELECT 1'); } },
 *   concurrency: 4,
 *   orderKey: (event) => (event.type === 'payment.received' ? String(event.data.loanId) : undefined),
 *   timeoutMs: 60_000,
 *   onError: (error, event) => console.error('webhook event failed', event?.id, error),
 * };
 * ```
 */
export interface WebhookInboxWorkOptions<Db> {
  /** Handlers per event type. */
  readonly on?: WebhookInboxHandlers<Db>;
  /** Called for event types this SDK version does not know; without it they are marked `done`. */
  readonly onUnknownEvent?: (event: UnknownWebhookEvent, context: WebhookInboxContext<Db>) => unknown;
  /**
   * How many events this worker runs at once, each in its own transaction (one pool connection
   * each, for the whole handler). Default 1. Capped, with one warning, so that every worker on the
   * pool together holds at most the pool's `max` less `reservedConnections`, one connection per
   * worker for its `LISTEN` counted.
   */
  readonly concurrency?: number;
  /**
   * Connections of the pool this worker's events never take, however many wait: kept for the
   * receiver's inserts (whose acknowledgements would otherwise wait for a handler to finish) and
   * for the inbox's other statements. Default 2. With pg's default pool (`max` 10) one worker
   * runs at most 7 events at once: 2 kept, 1 listening for new events. A `Pool` too small to
   * keep them and run one event is a `ConfigurationError`. `0` for a process that receives nothing.
   */
  readonly reservedConnections?: number;
  /** Aborting it stops the worker as `stop()` does. */
  readonly signal?: AbortSignal;
  /**
   * Events with the same key run one at a time, in the order of their signed `timestamp` (then
   * their id), across every worker process on the inbox: an event is not started while an earlier
   * one of its key is pending (waiting for a retry included), nor while any other of its key runs
   * (so one signed earlier but received late runs after it, not beside it). A `dead` event no longer holds its
   * key back. `undefined` (or no `orderKey`): the event runs whenever a worker is free. Give every
   * worker on one inbox the same function: each event's key is computed once and stored.
   */
  readonly orderKey?: (event: WebhookEvent | UnknownWebhookEvent) => string | undefined;
  /**
   * Told about each failed attempt (the handler threw, passed its deadline or its worker died, or
   * its transaction did not commit; the event is retried later or, after `maxAttempts`, `dead`),
   * with the event when its body could be read, and about failures of the worker itself (the
   * database unreachable: it keeps trying), without one. Each failed attempt is also one `warn`
   * line of the inbox's `logger`, whatever `onError` does. Default: the worker's own failures to
   * the `logger`'s `warn`.
   */
  readonly onError?: (error: unknown, event?: WebhookEvent | UnknownWebhookEvent) => void;
  /**
   * How long an idle worker waits before looking for due events again, in ms. Default 1 000. New
   * events do not wait for it: the receiver's insert sends a `NOTIFY` that the worker `LISTEN`s
   * for on a connection of its own (and wakes the workers of its own process directly), so the
   * poll only finds retries that came due, and events stored while that connection was down.
   */
  readonly pollIntervalMs?: number;
  /**
   * The deadline of one attempt, in ms from its claim (a moment before the handler starts).
   * Default 900 000 (15 minutes, pg-boss's default job expiration). At the deadline
   * `context.signal` aborts, the event's transaction is rolled back and its connection closed (the
   * session ended, should a query of the handler's still run), the attempt is recorded as failed
   * ("timed out after … ms"), and the worker goes on with the next event; `context.db` refuses any
   * later use. So `stop()` resolves within the deadline. The claim leases the event for this long
   * and then its retry delay: an event whose worker died (its process killed) runs again then, so a
   * lower `timeoutMs` also retries such an event sooner.
   */
  readonly timeoutMs?: number;
}

/**
 * A running worker, from `inbox.work()`.
 *
 * @example
 * ```ts
 * import { createPostgresWebhookInbox } from 'credit-platform/postgres';
 * import { Pool } from 'pg';
 *
 * const worker = createPostgresWebhookInbox(new Pool()).work({ on: {} });
 * process.once('SIGTERM', () => void worker.stop());
 * ```
 */
export interface WebhookInboxWorker {
  /**
   * Claims no more events, aborts the `context.signal` of the handlers in hand, lets them finish and
   * commit (or fail and be scheduled again, or reach their deadline), and resolves once they have:
   * within `timeoutMs`. Calling it again returns the same promise.
   */
  stop(): Promise<void>;
}

// setTimeout's limit: a longer delay fires at once.
const MAX_TIMER_MS = 2_147_483_647;
const FN = 'inbox.work';

/** @internal The numbers of `inbox.work()`'s options, checked, with their defaults. */
export interface WorkSettings {
  readonly concurrency: number;
  readonly pollIntervalMs: number;
  readonly timeoutMs: number;
  readonly reservedConnections: number;
}

function reservedConnectionsOf(value: unknown): number {
  if (value === undefined) return DEFAULT_RESERVED_CONNECTIONS;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  throw new ConfigurationError(
    'reservedConnections',
    `${FN}: \`reservedConnections\` must be an integer ≥ 0 (default ${DEFAULT_RESERVED_CONNECTIONS}); got ${String(value)}.`,
  );
}

/** @internal Checks the options of `inbox.work()`. */
export function workSettings<Db>(options: WebhookInboxWorkOptions<Db>): WorkSettings {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigurationError('on', `${FN}: pass the options, \`{ on: { 'deposit.created': async (event, { db }) => … } }\`.`);
  }
  if (options.on !== undefined && (typeof options.on !== 'object' || options.on === null)) {
    throw new ConfigurationError('on', `${FN}: \`on\` must be an object of handlers per event type.`);
  }
  for (const name of ['orderKey', 'onError', 'onUnknownEvent'] as const) {
    const value = options[name];
    if (value !== undefined && typeof value !== 'function') {
      throw new ConfigurationError(name, `${FN}: \`${name}\` must be a function; got ${typeof value}.`);
    }
  }
  return {
    concurrency: positiveInteger(options.concurrency, { fn: FN, name: 'concurrency', fallback: 1 }),
    pollIntervalMs: positiveInteger(options.pollIntervalMs, {
      fn: FN,
      name: 'pollIntervalMs',
      fallback: 1_000,
      unit: 'milliseconds',
      max: MAX_TIMER_MS,
    }),
    timeoutMs: positiveInteger(options.timeoutMs, {
      fn: FN,
      name: 'timeoutMs',
      fallback: 900_000,
      unit: 'milliseconds',
      max: MAX_TIMER_MS,
    }),
    reservedConnections: reservedConnectionsOf(options.reservedConnections),
  };
}
