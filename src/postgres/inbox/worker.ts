// `inbox.work()`: `concurrency` loops, each claiming and running one event at a time on a
// connection of its own, sleeping `pollIntervalMs` when nothing is due; `stop()` ends the loops
// once the events in hand are settled.
import { setMaxListeners } from 'node:events';
import type { Logger } from '../../core/types.js';
import type { UnknownWebhookEvent, WebhookEvent } from '../../webhooks/index.js';
import type { PostgresPool, PostgresPoolClient } from '../postgres-pool.js';
import { errorText } from './error-text.js';
import { logFailedAttempt } from './failure-log.js';
import { leaseWorkerConnections } from './pickup/connection-reserve.js';
import { listenForNewEvents } from './pickup/new-event-listener.js';
import type { NewEventSignal } from './pickup/new-event-signal.js';
import { WakeUp } from './pickup/wake-up.js';
import type { InboxTable } from './table/inbox-table.js';
import { attemptLeases, leasesParameter } from './attempt/claim.js';
import { type EventRunner, runEvents } from './attempt/run-event.js';
import { storedEvent } from './stored-event.js';
import { type WebhookInboxContext, type WebhookInboxWorker, type WebhookInboxWorkOptions, workSettings } from './work-options.js';

const FN = 'inbox.work';
// Events keyed per pass, for a worker with `orderKey`.
const KEY_BATCH = 500;

/** @internal What a worker needs besides its options. */
export interface WorkerDeps<Client extends PostgresPoolClient> {
  readonly pool: PostgresPool<Client>;
  readonly maxAttempts: number;
  readonly retryDelayMs: (attempt: number) => number;
  readonly logger: Pick<Logger, 'warn'>;
  /** Resolves the table's statements once it exists. */
  readonly ready: () => Promise<InboxTable>;
  /** Starts a purge if one is due. */
  readonly purgeIfDue: () => void;
  /** How stored events wake idle workers. */
  readonly newEvents: NewEventSignal;
}

/** @internal Starts a worker on the inbox `deps` describes. */
export function startWorker<Client extends PostgresPoolClient>(
  deps: WorkerDeps<Client>,
  options: WebhookInboxWorkOptions<Client>,
): WebhookInboxWorker {
  const { concurrency: requested, pollIntervalMs, timeoutMs, reservedConnections } = workSettings(options);
  const { logger } = deps;
  const reportTo =
    options.onError ??
    ((error: unknown, event?: WebhookEvent | UnknownWebhookEvent) => {
      // A failed attempt has its log line already.
      if (event === undefined)
        logger.warn('credit-platform: the inbox worker failed; it tries again', { error: errorText(error) });
    });
  const onError = (error: unknown, event?: WebhookEvent | UnknownWebhookEvent) => {
    try {
      reportTo(error, event);
    } catch (thrown) {
      logger.warn('credit-platform: onError threw while reporting an inbox failure', { error: errorText(thrown) });
    }
  };
  const { orderKey } = options;
  const lease = leaseWorkerConnections(deps.pool, requested, reservedConnections, (message) => logger.warn(message));
  const stopping = new AbortController();
  // One listener per event in hand: more than Node's default 10 is not a leak here.
  setMaxListeners(lease.concurrency + 1, stopping.signal);

  const runner: EventRunner<Client> = {
    pool: deps.pool,
    maxAttempts: deps.maxAttempts,
    retryDelayMs: deps.retryDelayMs,
    leases: leasesParameter(attemptLeases(deps.retryDelayMs, deps.maxAttempts, timeoutMs)),
    ordered: orderKey !== undefined,
    timeoutMs,
    stopping: stopping.signal,
    report(failed, error, event) {
      logFailedAttempt(logger, failed);
      onError(error, event);
    },
    async handle(event, context: WebhookInboxContext<Client>) {
      if (event.type === 'unknown') {
        await options.onUnknownEvent?.(event, context);
        return;
      }
      const handler = options.on?.[event.type] as
        | ((event: WebhookEvent, context: WebhookInboxContext<Client>) => unknown)
        | undefined;
      await handler?.(event, context);
    },
  };

  const idle = new WakeUp();
  const newEvent = () => idle.newEvent();
  const unsubscribe = deps.newEvents.subscribe(newEvent);
  const listener = listenForNewEvents({
    pool: deps.pool,
    listen: deps.newEvents.listen,
    onNewEvent: newEvent,
    onError,
    onListening: (client) => deps.newEvents.sendThrough(client),
  });

  // Each new event's order key, computed once here and stored; one pass at a time per worker.
  let keying: Promise<void> | undefined;
  const keyNew = (table: InboxTable): Promise<void> => {
    if (orderKey === undefined) return Promise.resolve();
    keying ??= (async () => {
      const { rows } = await deps.pool.query(table.worker.unkeyed, [KEY_BATCH]);
      if (rows.length === 0) return;
      const ids: string[] = [];
      const keys: string[] = [];
      for (const row of rows as { event_id: string; body: string }[]) {
        let key: string | undefined;
        let event: WebhookEvent | UnknownWebhookEvent | undefined;
        try {
          event = storedEvent(row.body);
          key = orderKey(event);
          if (key !== undefined && typeof key !== 'string')
            throw new TypeError(`${FN}: orderKey must return a string or undefined; got ${typeof key}.`);
        } catch (error) {
          // Unordered rather than never run: the event's own run reports a body it cannot read.
          onError(error, event);
          key = undefined;
        }
        ids.push(row.event_id);
        // '' is "no key"; a NUL (which text cannot hold) is replaced.
        keys.push((key ?? '').replaceAll('\0', '\uFFFD'));
      }
      await deps.pool.query(table.worker.setKeys, [ids, keys]);
    })().finally(() => {
      keying = undefined;
    });
    return keying;
  };

  async function loop(): Promise<void> {
    while (!stopping.signal.aborted) {
      let ran = false;
      try {
        const table = await deps.ready();
        await keyNew(table);
        if (stopping.signal.aborted) break;
        ran = await runEvents(runner, table);
        deps.purgeIfDue();
      } catch (error) {
        // The database is down or refused a statement: say so and try again after a pause.
        onError(error);
      }
      if (ran) {
        // More may be due: one more idle loop looks, and it wakes the next if it finds one.
        idle.oneMore();
      } else if (!stopping.signal.aborted) {
        await idle.sleep(pollIntervalMs);
      }
    }
  }

  const loops = Array.from({ length: lease.concurrency }, () => loop());
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    if (!stopping.signal.aborted) stopping.abort();
    unsubscribe();
    listener.close();
    idle.all();
    stopped ??= Promise.all(loops).then(() => lease.release());
    return stopped;
  };
  if (options.signal?.aborted) void stop();
  else options.signal?.addEventListener('abort', () => void stop(), { once: true });
  return { stop };
}
