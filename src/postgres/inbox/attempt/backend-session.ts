// The PostgreSQL session behind a pool connection, looked up once per connection: a handler that
// outlives its deadline is stopped by closing its connection, and a statement it left running is
// then ended by this session's pid. The session's start tells it apart from a later session that
// got the same pid.
import type { PostgresPoolClient } from '../../postgres-pool.js';
import type { InboxTable } from '../table/inbox-table.js';

/** @internal A session: its `pid`, and `began`, its `backend_start` as PostgreSQL prints it. */
export interface BackendSession {
  readonly pid: number;
  readonly began: string;
}

const sessions = new WeakMap<PostgresPoolClient, BackendSession | undefined>();

/** @internal The session `client` runs, from the first look at it; `undefined` if PostgreSQL does not show it. */
export async function backendSession(client: PostgresPoolClient, table: InboxTable): Promise<BackendSession | undefined> {
  if (sessions.has(client)) return sessions.get(client);
  const session = (await client.query(table.worker.session)).rows[0] as BackendSession | undefined;
  sessions.set(client, session);
  return session;
}
