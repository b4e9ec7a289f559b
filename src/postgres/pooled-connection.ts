// A pool connection checked out for one piece of work, and handed back healthy or closed: a
// connection whose transaction ended in doubt, or that failed while checked out, never serves the
// next delivery or event.
import type { Logger } from '../core/types.js';
import type { PostgresPool, PostgresPoolClient } from './postgres-pool.js';

/** @internal A failure as one line of text: the message, else the class name. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/** @internal A connection checked out by {@link withConnection}. */
export interface CheckedOutConnection<Client extends PostgresPoolClient> {
  readonly client: Client;
  /** Closes the connection at once instead of handing it back (PostgreSQL rolls its transaction back). */
  discard(reason: Error): void;
  /** Whether `discard` was called, or the connection failed: it must not be used again. */
  readonly discarded: boolean;
}

/**
 * @internal Checks a connection out of `pool`, runs `use`, and hands it back, or closes it when it
 * failed while checked out or `use` discarded it. A checked-out connection that fails emits
 * `'error'`, which would end the process unheard: it is heard here, and the query that meets the
 * failure rejects, which is what `use` sees.
 */
export async function withConnection<Client extends PostgresPoolClient, T>(
  pool: PostgresPool<Client>,
  use: (connection: CheckedOutConnection<Client>) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  let released = false;
  const onError = (error: Error) => {
    broken ??= error;
  };
  const release = () => {
    if (released) return;
    released = true;
    client.removeListener('error', onError);
    client.release(broken);
  };
  client.on('error', onError);
  const connection: CheckedOutConnection<Client> = {
    client,
    discard(reason) {
      broken ??= reason;
      release();
    },
    get discarded() {
      return broken !== undefined;
    },
  };
  try {
    return await use(connection);
  } finally {
    release();
  }
}

/**
 * @internal Gives a pool with no `'error'` listener one (a `warn` per failure): an idle connection
 * that drops would otherwise end the process.
 */
export function listenForIdleFailures(pool: PostgresPool<PostgresPoolClient>, logger: Pick<Logger, 'warn'>): void {
  if (pool.listenerCount('error') > 0) return;
  pool.on('error', (error) => logger.warn('credit-platform: an idle PostgreSQL connection failed', { error: messageOf(error) }));
}
