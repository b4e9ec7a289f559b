// `inbox.work()`: `concurrency` loops, each claiming and running one event at a time on a
// connection of its own, sleeping `pollIntervalMs` when nothing is due; `stop()` ends the loops
// once the events in hand are settled.
import { setMaxListeners } from 'node:events';
import type { Logger } from '../../core/types.js';
import type { UnknownWebhookEvent, WebhookEvent } from '../../webhooks/index.js';
import type { PostgresPool, PostgresPoolClient } from '../postgres-pool.js';
import { errorText } from './error-text.js';
import { logFailedAttempt } from './failure-log.js';
import type { InboxTable } from './table/inbox-table.js';
import { attemptLeases, type EventRunner, runNextEvent } from './run-event.js';
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
}

/** @internal Starts a worker on the inbox `deps` describes. */
export function startWorker<Client extends PostgresPoolClient>(
  deps: WorkerDeps<Client>,
  options: WebhookInboxWorkOptions<Client>,
): WebhookInboxWorker {
  const { concurrency, pollIntervalMs, timeoutMs } = workSettings(options);
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
  const stopping = new AbortController();
  // One listener per event in hand: more than Node's default 10 is not a leak here.
  setMaxListeners(concurrency + 1, stopping.signal);

  const runner: EventRunner<Client> = {
    pool: deps.pool,
    maxAttempts: deps.maxAttempts,
    retryDelayMs: deps.retryDelayMs,
    leases: attemptLeases(deps.retryDelayMs, deps.maxAttempts),
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

  const sleepers = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of [...sleepers]) wake();
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
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
        ran = (await runNextEvent(runner, table)) !== 'none';
        deps.purgeIfDue();
      } catch (error) {
        // The database is down or refused a statement: say so and try again after a pause.
        onError(error);
      }
      if (ran) {
        // More may be due: idle loops look too.
        wakeAll();
      } else if (!stopping.signal.aborted) {
        await sleep(pollIntervalMs);
      }
    }
  }

  const loops = Array.from({ length: concurrency }, () => loop());
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    if (!stopping.signal.aborted) stopping.abort();
    wakeAll();
    stopped ??= Promise.all(loops).then(() => undefined);
    return stopped;
  };
  if (options.signal?.aborted) void stop();
  else options.signal?.addEventListener('abort', () => void stop(), { once: true });
  return { stop };
}
