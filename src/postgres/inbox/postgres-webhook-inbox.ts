// The inbox's public face: what createPostgresWebhookInbox returns.
import type { WebhookInbox } from '../../webhooks/index.js';
import type { PostgresPoolClient } from '../postgres-pool.js';
import type { WebhookInboxEntry, WebhookInboxStats, WebhookInboxStatus } from './listing.js';
import type { WebhookInboxWorker, WebhookInboxWorkOptions } from './work-options.js';

/**
 * A durable webhook inbox in your PostgreSQL, from `createPostgresWebhookInbox`. Give it to a
 * receiver as `inbox` (it stores each verified event once and answers 200), and process what it
 * holds with `work()`, in this process or any number of others.
 *
 * @typeParam Client - The pool's connection type (`pg`'s `PoolClient`), given to handlers as `context.db`.
 *
 * @example
 * ```ts
 * import { Pool } from 'pg';
 * import { createPostgresWebhookInbox } from 'credit-platform/postgres';
 *
 * const inbox = createPostgresWebhookInbox(new Pool({ connectionString: process.env.DATABASE_URL }));
 * const { pending, dead, oldestPendingMs } = await inbox.stats();
 * for await (const entry of inbox.list({ status: 'dead' })) console.log(entry.eventId, entry.lastError);
 * if (dead > 0) console.log('replayed', await inbox.replay({ status: 'dead' }), 'of', pending + dead);
 * console.log(oldestPendingMs);
 * ```
 */
export interface PostgresWebhookInbox<Client extends PostgresPoolClient = PostgresPoolClient> extends WebhookInbox {
  /** The table, as configured (`credit_platform_webhook_inbox` by default). */
  readonly table: string;
  /** `maxAttempts`: runs before an event is `dead`. */
  readonly maxAttempts: number;
  /**
   * Starts processing due events. Each is claimed with `FOR UPDATE SKIP LOCKED`, and its attempt
   * counted in a statement that commits at once; its handler then runs with the event's
   * transaction as `context.db`, under its deadline (`timeoutMs`), and the event is marked `done`
   * in the same commit. A handler that throws or passes its deadline (or whose transaction does
   * not commit) rolls its writes back, and the event is retried after `retryDelayMs(attempt)`, or
   * marked `dead` after `maxAttempts`. A process killed mid-handler loses nothing and its attempt
   * counts: the event runs again after the same delay, and goes `dead` after `maxAttempts`.
   */
  work(options: WebhookInboxWorkOptions<Client>): WebhookInboxWorker;
  /** Counts per status, and the age of the oldest pending event. */
  stats(): Promise<WebhookInboxStats>;
  /** The events of one status, oldest received first, read 100 at a time (bounded memory). */
  list(options: { readonly status: WebhookInboxStatus }): AsyncIterable<WebhookInboxEntry>;
  /**
   * Puts a `done` or `dead` event back to `pending` (due now, attempts reset to 0) and resolves 1.
   * Resolves 0, leaving the event as it is, when the inbox does not hold it or it is `pending` or
   * running: it runs anyway. Never waits for a running handler, so it cannot set an event back
   * behind the commit of its run (which would run it twice).
   */
  replay(eventId: string): Promise<number>;
  /** Puts every `dead` event back to `pending` (due now, attempts reset) and resolves how many. */
  replay(filter: { readonly status: 'dead' }): Promise<number>;
  /**
   * Deletes at most 1 000 `done` events received more than `retentionMs` ago and resolves how many.
   * Workers run it about once an hour; call it from a job of yours if you run none.
   */
  purge(): Promise<number>;
}
