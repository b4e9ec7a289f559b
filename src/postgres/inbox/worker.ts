// `inbox.work()`: `concurrency` loops, each claiming and running one event at a time on a
// connection of its own, sleeping `pollIntervalMs` when nothing is due; `stop()` ends the loops
// once the events in hand are settled.
import { ConfigurationError } from '../../errors/index.js';
import type { UnknownWebhookEvent, WebhookEvent } from '../../webhooks/index.js';
import type { PostgresPoolClient } from '../postgres-pool.js';
import { errorText } from './error-text.js';
import { type EventRunner, runNextEvent } from './run-event.js';
import { storedEvent } from './stored-event.js';
import type { WebhookInboxContext, WebhookInboxWorker, WebhookInboxWorkOptions } from './work-options.js';

const FN = 'inbox.work';
// Events keyed per pass, for a worker with `orderKey`.
const KEY_BATCH = 500;

/** @internal What a worker needs besides its options. */
export interface WorkerDeps<Client extends PostgresPoolClient>
  extends Omit<EventRunner<Client>, 'handle' | 'onError' | 'ordered'> {
  /** Resolves once the table exists. */
  readonly ready: () => Promise<void>;
  /** Starts a purge if one is due. */
  readonly purgeIfDue: () => void;
}

function positiveInteger(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1) return value;
  throw new ConfigurationError(name, `${FN}: \`${name}\` must be a positive integer; got ${String(value)}.`);
}

function checkWorkOptions<Db>(options: WebhookInboxWorkOptions<Db>): void {
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
}

/** @internal Starts a worker on the inbox `deps` describes. */
export function startWorker<Client extends PostgresPoolClient>(
  deps: WorkerDeps<Client>,
  options: WebhookInboxWorkOptions<Client>,
): WebhookInboxWorker {
  checkWorkOptions(options);
  const concurrency = positiveInteger(options.concurrency, 'concurrency', 1);
  const pollIntervalMs = positiveInteger(options.pollIntervalMs, 'pollIntervalMs', 1_000);
  // The default line shows the error as the table keeps it: a stack or a field may quote a credential.
  const reportTo =
    options.onError ?? ((error: unknown) => console.error(`[credit-platform/postgres] inbox: ${errorText(error)}`));
  const onError = (error: unknown, event?: WebhookEvent | UnknownWebhookEvent) => {
    try {
      reportTo(error, event);
    } catch (thrown) {
      console.error(`[credit-platform/postgres] onError threw while reporting an error: ${errorText(thrown)}`);
    }
  };
  const { orderKey } = options;

  const runner: EventRunner<Client> = {
    ...deps,
    ordered: orderKey !== undefined,
    onError,
    async handle(event, db, attempt) {
      const context: WebhookInboxContext<Client> = { db, attempt };
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

  let stopping = false;
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
  const keyNew = (): Promise<void> => {
    if (orderKey === undefined) return Promise.resolve();
    keying ??= (async () => {
      const { rows } = await deps.pool.query(deps.table.unkeyed, [KEY_BATCH]);
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
      await deps.pool.query(deps.table.setKeys, [ids, keys]);
    })().finally(() => {
      keying = undefined;
    });
    return keying;
  };

  async function loop(): Promise<void> {
    while (!stopping) {
      let ran = false;
      try {
        await deps.ready();
        await keyNew();
        if (stopping) break;
        ran = (await runNextEvent(runner)) !== 'none';
        deps.purgeIfDue();
      } catch (error) {
        // The database is down or refused a statement: say so and try again after a pause.
        onError(error);
      }
      if (ran) {
        // More may be due: idle loops look too.
        wakeAll();
      } else if (!stopping) {
        await sleep(pollIntervalMs);
      }
    }
  }

  const loops = Array.from({ length: concurrency }, () => loop());
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping = true;
    wakeAll();
    stopped ??= Promise.all(loops).then(() => undefined);
    return stopped;
  };
  if (options.signal?.aborted) void stop();
  else options.signal?.addEventListener('abort', () => void stop(), { once: true });
  return { stop };
}
