// Sees each statement a pool's connections send, before it goes, and whether the connection had a
// transaction open: for tests of what a worker sends, and when.
import type { Pool } from 'pg';

/** Calls `seen` with each statement's text (a string, or a config's `text`) as a connection of `pool` sends it. */
export function tapStatements(pool: Pool, seen: (text: string, inTransaction: boolean) => void): void {
  pool.on('connect', (client) => {
    let open = false;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0];
      const text = typeof first === 'string' ? first : (first as { text: string }).text;
      seen(text, open);
      if (text === 'BEGIN') open = true;
      if (text === 'COMMIT' || text === 'ROLLBACK') open = false;
      return query(...args);
    };
  });
}
