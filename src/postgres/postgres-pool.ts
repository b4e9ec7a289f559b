// The part of node-postgres (`pg` 8) the store drives, as structural types: the package's
// declarations never import `pg`, so a project compiles them without `@types/pg`, and a `Pool`
// passed in still gives handlers its own `PoolClient` type (inferred from `connect()`).
import { ConfigurationError } from '../errors/index.js';

/**
 * What the store reads from a query result.
 *
 * @example
 * ```ts
 * import type { PostgresQueryResult } from 'credit-platform/postgres';
 * const result: PostgresQueryResult = { command: 'INSERT', rowCount: 1, rows: [] };
 * ```
 */
export interface PostgresQueryResult {
  /**
   * The command tag PostgreSQL answered (`'INSERT'`, `'COMMIT'`, …). The store reads it after
   * COMMIT: an aborted transaction answers `'ROLLBACK'`, without an error.
   */
  readonly command: string;
  /** Rows inserted or deleted (`null` for statements that report none). */
  readonly rowCount: number | null;
  /** The rows returned. */
  readonly rows: readonly unknown[];
}

/**
 * A connection checked out of a node-postgres `Pool` (`pg`'s `PoolClient`), as the store uses it.
 *
 * @example
 * ```ts
 * import { Pool } from 'pg';
 * import type { PostgresPoolClient } from 'credit-platform/postgres';
 * const client: PostgresPoolClient = await new Pool().connect();
 * client.release();
 * ```
 */
export interface PostgresPoolClient {
  /** Runs one parameterised statement. */
  query(text: string, values?: readonly unknown[]): Promise<PostgresQueryResult>;
  /**
   * Runs a named prepared statement: prepared on this connection the first time its `name` is
   * seen, then only bound and run. The inbox's workers send the statements they run for every
   * event this way.
   */
  query(statement: {
    readonly name: string;
    readonly text: string;
    readonly values?: readonly unknown[];
  }): Promise<PostgresQueryResult>;
  /** Returns the connection to the pool; with an error (or `true`), closes it instead. */
  release(error?: Error | boolean): void;
  /** The connection's failures while checked out; without a listener they would end the process. */
  on(event: 'error', listener: (error: Error) => void): unknown;
  /** Removes a listener added with `on`. */
  removeListener(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * A node-postgres (`pg` 8) `Pool`, as the store uses it. `Client` is the type its `connect()`
 * resolves to (`pg`'s `PoolClient`), and the type handlers get as `context.db`.
 *
 * @typeParam Client - The pool's connection type, inferred from the pool you pass.
 *
 * @example
 * ```ts
 * import { Pool, type PoolClient } from 'pg';
 * import type { PostgresPool } from 'credit-platform/postgres';
 * const pool: PostgresPool<PoolClient> = new Pool({ connectionString: process.env.DATABASE_URL });
 * ```
 */
export interface PostgresPool<Client extends PostgresPoolClient = PostgresPoolClient> {
  /** Checks a connection out of the pool. */
  connect(): Promise<Client>;
  /** The callback form, declared so that `Client` is inferred from `pg`'s own overloads. */
  connect(callback: (error: Error | undefined, client: Client | undefined, done: (release?: unknown) => void) => void): void;
  /** Runs one statement on any idle connection. */
  query(text: string, values?: readonly unknown[]): Promise<PostgresQueryResult>;
  /** Failures of idle connections. */
  on(event: 'error', listener: (error: Error, client: Client) => void): unknown;
  /** How many `'error'` listeners there are. */
  listenerCount(event: 'error'): number;
}

/** @internal Refuses what is not a node-postgres `Pool`, at creation, with the fix. */
export function checkPool(pool: unknown, fn: string): void {
  const p = pool as Partial<PostgresPool> | null;
  if (typeof p?.connect !== 'function' || typeof p.query !== 'function') {
    throw new ConfigurationError(
      'pool',
      `${fn}: pass a node-postgres Pool (\`new Pool({ connectionString })\` from \`pg\`); got ${pool === null ? 'null' : typeof pool}.`,
    );
  }
}
