// One PostgreSQL cluster per test file, its public schema emptied after each test; pools opened
// through `pool` are ended after each test.
import { Pool, type PoolConfig } from 'pg';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type PostgresServer, startPostgresServer } from './postgres-server.js';
import { useSystemPrograms } from './system-programs.js';

export interface UsedPostgres {
  /** The running cluster. */
  readonly server: PostgresServer;
  /** A pool on the cluster, ended after the test. */
  pool(config?: PoolConfig): Pool;
  /** Runs one statement on a short-lived connection and returns its rows. */
  query<Row>(text: string, values?: unknown[]): Promise<Row[]>;
}

export function usePostgresServer(): UsedPostgres {
  let server: PostgresServer | undefined;
  const pools: Pool[] = [];
  const programs = useSystemPrograms('PostgreSQL', ['initdb', 'pg_ctl', 'postgres']);
  beforeAll(async () => {
    if (!programs.available) return;
    server = await startPostgresServer();
  }, 60_000);
  afterAll(() => server?.close());
  const used: UsedPostgres = {
    get server() {
      if (!server) throw new Error('usePostgresServer: the cluster starts in beforeAll');
      return server;
    },
    pool(config) {
      const pool = new Pool({ connectionString: used.server.url, ...config });
      pools.push(pool);
      return pool;
    },
    async query<Row>(text: string, values?: unknown[]) {
      const pool = new Pool({ connectionString: used.server.url, max: 1 });
      try {
        return (await pool.query(text, values)).rows as Row[];
      } finally {
        await pool.end();
      }
    },
  };
  afterEach(async () => {
    if (!programs.available) return;
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
    await used.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  });
  return used;
}
