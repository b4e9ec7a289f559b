// Creates the inbox table once per inbox, and only when it is missing: statements that take locks
// on an existing table (CREATE INDEX IF NOT EXISTS queues behind every open transaction on it, and
// every later statement queues behind it) never run against a table in use.
import type { PostgresPool, PostgresPoolClient } from '../postgres-pool.js';
import type { InboxTable } from './inbox-table.js';

// Creation waits this long for a lock at most, then fails (the caller tries again later).
const CREATE_LOCK_TIMEOUT = '2s';

/** @internal `ready()`: resolves once the table exists (created if `enabled` and missing). */
export function inboxTableCreator(
  pool: PostgresPool<PostgresPoolClient>,
  table: InboxTable,
  enabled: boolean,
): () => Promise<void> {
  let created: Promise<void> | undefined;
  return () => {
    if (!enabled) return Promise.resolve();
    created ??= (async () => {
      const { rows } = await pool.query('SELECT to_regclass($1) IS NOT NULL AS present', [table.quoted]);
      if ((rows[0] as { present?: unknown } | undefined)?.present === true) return;
      const client = await pool.connect();
      let failed: Error | undefined;
      try {
        await client.query('BEGIN');
        await client.query("SELECT set_config('lock_timeout', $1, true)", [CREATE_LOCK_TIMEOUT]);
        // Concurrent CREATE TABLE IF NOT EXISTS can still collide on the catalog: one at a time.
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [table.lockKey]);
        for (const statement of table.create) await client.query(statement);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        failed = error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        client.release(failed);
      }
    })().catch((error: unknown) => {
      // The next call tries again.
      created = undefined;
      throw error;
    });
    return created;
  };
}
