// The options of the webhook receivers, resolved once per receiver and checked when it is created,
// so a misconfiguration fails at start-up rather than on the first delivery; with an inbox, the
// options that replace the handlers. No `node:*` import.
import { ConfigurationError } from '../../errors/base.js';
import type { WebhookDedupStore } from '../stores/dedup-store.js';
import type { TransactionalWebhookStore } from '../stores/transactional-store.js';
import { createMemoryDedupStore } from '../stores/memory-dedup-store.js';
import type { WebhookVerificationError } from '../errors.js';
import type { WebhookEventType } from '../event-types.js';
import type { UnknownWebhookEvent, WebhookEvent, WebhookEventOf } from '../events/events.js';
import { checkMaxEventAge, hours, MAX_CLOCK_SKEW_MS } from '../events/freshness.js';
import { checkSecret, type WebhookSecret } from '../inputs.js';
import type { WebhookHandlerContext } from './handler-context.js';
import { checkInbox } from '../inbox/inbox-check.js';
import { checkLease } from './lease-renewal.js';
import type { WebhookInbox } from '../stores/webhook-inbox.js';
import { checkLogger, type WebhookReceiverLogger } from './receiver-logger.js';
import { rejectionWarnings } from './rejection-warnings.js';

/**
 * A callback per known event type; each receives its exactly typed event, and as a second
 * argument the store's {@link WebhookHandlerContext} (`context.db` under a transactional store).
 * A callback written `(event) => …` ignores the context.
 *
 * @typeParam Db - The store's connection type; `never` (the default) for a store without transactions.
 *
 * @example
 * ```ts
 * import type { WebhookEventHandlers } from 'credit-platform/webhooks';
 * declare function credit(depositId: string, amount: string): Promise<void>; // your own
 * const on: WebhookEventHandlers = {
 *   'deposit.created': async (event) => { await credit(event.data.depositId, event.data.amount); },
 * };
 * ```
 */
export type WebhookEventHandlers<Db = never> = {
  readonly [T in WebhookEventType]?: (event: WebhookEventOf<T>, context: WebhookHandlerContext<Db>) => unknown;
};

/**
 * Options shared by `createWebhookReceiver`, `createWebhookHandler` and
 * `createNodeWebhookHandler`.
 *
 * @typeParam Db - The connection type of a transactional `store`, inferred from it: callbacks then
 * get `context.db` of that type. `never` (the default) for the memory and Redis stores.
 *
 * @example
 * ```ts
 * import type { WebhookReceiverOptions } from 'credit-platform/webhooks';
 * declare const metrics: { increment(name: string): void }; // your own
 * const options: WebhookReceiverOptions = {
 *   secret: process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!,
 *   on: { 'score.updated': (event) => console.log(event.data) },
 *   onUnknownEvent: (event) => console.warn('new event type', event.rawType),
 *   onRejected: (error) => metrics.increment(`webhooks.refused.${error.code}`),
 *   readTimeout: 5_000,
 * };
 * ```
 */
export interface WebhookReceiverOptions<Db = never> {
  /** The subscription secret, or a list while rotating. */
  readonly secret: WebhookSecret;
  /** Callbacks per event type. A known type without a callback is acknowledged. */
  readonly on?: WebhookEventHandlers<Db>;
  /** Called for event types this SDK version does not know; acknowledged if absent. */
  readonly onUnknownEvent?: (event: UnknownWebhookEvent, context: WebhookHandlerContext<Db>) => unknown;
  /**
   * Where event ids are recorded. Default: `createMemoryDedupStore({ ttlMs: maxEventAge + 5 min })`
   * (72 h 5 min, one process). A store whose `retentionMs` is shorter than `maxEventAge` plus
   * 5 minutes is refused with a `TypeError` when the receiver is created. A
   * {@link TransactionalWebhookStore} (`createPostgresWebhookStore`) runs each delivery in a
   * transaction of your database, and callbacks get its connection as `context.db`.
   */
  readonly store?: WebhookDedupStore | TransactionalWebhookStore<Db>;
  /** Only in {@link WebhookInboxReceiverOptions}: an inbox replaces `on`, `onUnknownEvent` and `store`. */
  readonly inbox?: never;
  /**
   * Told about failures answered with 5xx (callback threw, store failed or full, misconfiguration),
   * and about a claim whose renewal failed while its handler ran, or a `logger.debug` that threw.
   * Default: `logger.error`, else `console.error`. If it throws, the answer is still sent and what
   * it threw goes to `console.error`.
   */
  readonly onError?: (error: unknown, event?: WebhookEvent | UnknownWebhookEvent) => void;
  /**
   * Called once for every refused delivery (answered 401 or 400) with its `WebhookVerificationError`;
   * its `code` says why: `missing_signature`, `malformed_signature`, `signature_mismatch`,
   * `invalid_json`, `invalid_envelope` or `stale_event`. The error never holds the secret or the
   * body. Default: a `warn` line with the code (to `logger`, else `console.warn`), so a wrong
   * secret shows at once instead of when the service gives up on the subscription; at most one line
   * per code per minute, the refusals in between counted in one summary line at the minute's end,
   * so a stranger sending forged requests cannot choose your log volume. Your own `onRejected` is
   * called for every refusal. If it throws, that goes to `onError`.
   *
   * @example
   * ```ts
   * import { createWebhookHandler } from 'credit-platform/webhooks';
   * declare const logger: { warn(fields: object, msg: string): void }; // pino, say
   * const handler = createWebhookHandler({
   *   secret: process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!,
   *   onRejected: (error) => logger.warn({ code: error.code }, 'webhook refused'),
   * });
   * ```
   */
  readonly onRejected?: (error: WebhookVerificationError) => void;
  /**
   * Where the receiver writes its own lines: `debug`, one line with the event id for each
   * authentic delivery whose handler did not run (a duplicate, or one still being handled), so
   * turning debug on shows why a handler did not run; `warn` and `error` for the default
   * `onRejected` and `onError`. The client's `logger` fits. Default: no debug lines, `console`
   * for the others.
   *
   * @example
   * ```ts
   * import { createWebhookHandler } from 'credit-platform/webhooks';
   * // console.debug prints: credit-platform: webhook event "evt_…" not run: a duplicate: …
   * const handler = createWebhookHandler({ secret: process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!, logger: console });
   * ```
   */
  readonly logger?: WebhookReceiverLogger;
  /** Largest body read, in bytes; larger ones get 413. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /**
   * The oldest signed `timestamp` accepted, in ms; older (or more than 5 minutes ahead) is
   * answered 400 `stale_event`. Default 72 h: the store must remember ids this long plus 5 minutes.
   * `Infinity` turns it off.
   */
  readonly maxEventAge?: number;
  /**
   * Milliseconds to receive the whole body, counted from the call of the handler; a body not
   * fully received by then is answered 408 and no callback runs, so a sender that trickles its
   * body cannot hold the receiver. Default 10 000. `Infinity` turns it off. Applies where the
   * receiver reads the body itself (`createWebhookHandler`, `createNodeWebhookHandler` on an unread
   * stream); with `createWebhookReceiver`, or a body a framework read first, it is the framework's
   * deadline that counts.
   *
   * @example
   * ```ts
   * import { createNodeWebhookHandler } from 'credit-platform/webhooks';
   * const handler = createNodeWebhookHandler({ secret: process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!, readTimeout: 5_000 });
   * ```
   */
  readonly readTimeout?: number;
}

/**
 * The options of `createWebhookReceiver`, `createWebhookHandler` and `createNodeWebhookHandler`
 * with an `inbox`: the receiver verifies each delivery, stores the event in the inbox and answers
 * 200 once it is stored (a duplicate is acknowledged and not stored again); your handlers run later,
 * from the inbox (`inbox.work({ on })` in `credit-platform/postgres`), so a slow or failing handler
 * never fails a delivery. `on`, `onUnknownEvent` and `store` do not apply: giving one with `inbox`
 * is a `ConfigurationError`.
 *
 * @example
 * ```ts
 * import { Pool } from 'pg';
 * import { createNodeWebhookHandler, type WebhookInboxReceiverOptions } from 'credit-platform/webhooks';
 * import { createPostgresWebhookInbox } from 'credit-platform/postgres';
 *
 * const options: WebhookInboxReceiverOptions = {
 *   secret: process.env.CREDIT_PLATFORM_WEBHOOK_SECRET!,
 *   inbox: createPostgresWebhookInbox(new Pool({ connectionString: process.env.DATABASE_URL })),
 * };
 * const handler = createNodeWebhookHandler(options);
 * ```
 */
export interface WebhookInboxReceiverOptions extends Omit<WebhookReceiverOptions, 'on' | 'onUnknownEvent' | 'store' | 'inbox'> {
  /** Where verified events are stored; the receiver answers 200 once `accept` resolves. */
  readonly inbox: WebhookInbox;
  /** Not with `inbox`: handlers run from the inbox (`inbox.work({ on })`). */
  readonly on?: never;
  /** Not with `inbox`: handlers run from the inbox (`inbox.work({ onUnknownEvent })`). */
  readonly onUnknownEvent?: never;
  /** Not with `inbox`: the inbox de-duplicates. */
  readonly store?: never;
}

/** @internal Defaults resolved once per receiver. */
export interface ResolvedReceiverOptions {
  readonly maxBodyBytes: number;
  readonly maxEventAge: number;
  readonly readTimeout: number;
  readonly store: WebhookDedupStore;
  readonly onError: (error: unknown, event?: WebhookEvent | UnknownWebhookEvent) => void;
  readonly onRejected: (error: WebhookVerificationError) => void;
  readonly logger: WebhookReceiverLogger | undefined;
  /** The inbox verified events are stored in, instead of running callbacks; `undefined` without one. */
  readonly inbox: WebhookInbox | undefined;
}

function checkReadTimeout(value: unknown, fn: string): number {
  if (value === undefined) return 10_000;
  if (typeof value !== 'number' || !(value > 0)) {
    throw new TypeError(
      `${fn}: readTimeout must be a positive number of milliseconds (default 10000), or Infinity for no deadline.`,
    );
  }
  return value;
}

/** Refuses a store that would forget an id while the freshness check still accepts its event. */
function checkRetention(store: WebhookDedupStore, maxEventAge: number, fn: string, defaultStore: boolean): void {
  const { retentionMs } = store;
  if (maxEventAge === Number.POSITIVE_INFINITY) {
    // No freshness check: every id must be kept for ever, or a captured delivery runs again once forgotten.
    if (retentionMs === undefined || retentionMs === Number.POSITIVE_INFINITY) return;
    const which = defaultStore ? 'the default in-memory store' : 'the store';
    throw new ConfigurationError(
      'maxEventAge',
      `${fn}: maxEventAge is Infinity, so a delivery signed at any time is accepted, but ${which} forgets event ids ` +
        `after ${retentionMs} ms (${hours(retentionMs)}): a captured delivery sent again after that would be handled ` +
        `again. Set maxEventAge to at most ${Math.max(retentionMs - MAX_CLOCK_SKEW_MS, 0)} ms (the store's retention ` +
        'less the 5 minutes an event may be signed ahead), or use a store that keeps ids for ever (retentionMs undefined or Infinity).',
    );
  }
  const needed = maxEventAge + MAX_CLOCK_SKEW_MS;
  if (retentionMs === undefined || retentionMs >= needed) return;
  const shorterAge = retentionMs - MAX_CLOCK_SKEW_MS;
  throw new TypeError(
    `${fn}: the store remembers event ids for ${retentionMs} ms (${hours(retentionMs)}), less than maxEventAge plus the ` +
      `5 minutes an event may be signed ahead: ${needed} ms (${hours(needed)}). An event signed ahead would still be ` +
      'accepted after the store forgot its id, so a replay of it would be handled again. Keep ids at least ' +
      `${needed} ms (createMemoryDedupStore({ ttlMs: ${needed} }), or your store's own retention setting)` +
      (shorterAge > 0 ? `, or set maxEventAge to at most ${shorterAge} ms.` : '.'),
  );
}

// A reporter that throws must cost the sender neither its answer nor the process an unhandled
// rejection (node:http ignores the handler's promise): what it threw goes to the console instead.
function guarded(onError: ResolvedReceiverOptions['onError']): ResolvedReceiverOptions['onError'] {
  return (...args) => {
    try {
      onError(...args);
    } catch (thrown) {
      console.error('[credit-platform/webhooks] onError threw while reporting an error:', thrown);
    }
  };
}

function defaultOnError(logger: WebhookReceiverLogger | undefined): ResolvedReceiverOptions['onError'] {
  if (logger === undefined) return (error) => console.error('[credit-platform/webhooks]', error);
  return (error, event) => logger.error('credit-platform: webhook receiver error', { error, eventId: event?.id });
}

/** @internal */
export function resolveOptions<Db>(
  options: WebhookReceiverOptions<Db> | WebhookInboxReceiverOptions,
  fn: string,
): ResolvedReceiverOptions {
  // Fail at start-up, not on the first delivery, when the secret is not configured.
  checkSecret(options.secret, fn);
  const maxEventAge = checkMaxEventAge(options.maxEventAge, fn);
  const inbox = checkInbox(options, maxEventAge, fn);
  const retention = maxEventAge + MAX_CLOCK_SKEW_MS;
  // The default store remembers ids exactly as long as the freshness check accepts their events.
  const store = options.store ?? createMemoryDedupStore(Number.isFinite(retention) ? { ttlMs: retention } : {});
  // With an inbox the store is never used (the inbox de-duplicates, and checkInbox checked its retention).
  if (inbox === undefined) {
    checkRetention(store, maxEventAge, fn, options.store === undefined);
    checkLease(store, fn);
  }
  const logger = checkLogger(options.logger, fn);
  return {
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    maxEventAge,
    readTimeout: checkReadTimeout(options.readTimeout, fn),
    store,
    onError: guarded(options.onError ?? defaultOnError(logger)),
    onRejected:
      options.onRejected ??
      rejectionWarnings(logger ? (message, fields) => logger.warn(message, fields) : (message) => console.warn(message)),
    logger,
    inbox,
  };
}
