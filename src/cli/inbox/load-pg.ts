// `pg` is an optional peer dependency: only `webhooks inbox` needs it, so only that command loads
// it, at run time, and a project without it gets one line that says what to install instead of a
// module-resolution stack. The structural types keep `pg`'s own declarations out of the build.
import type { PostgresPool } from '../../postgres/postgres-pool.js';

/** What the command needs of `pg`: a `Pool` on a connection string. */
export interface PgDriver {
  Pool: new (config: {
    connectionString: string;
    max?: number;
    connectionTimeoutMillis?: number;
    application_name?: string;
  }) => PostgresPool & { end(): Promise<void> };
}

/** `pg` is not installed where the command runs. */
export class PgMissingError extends Error {
  override readonly name = 'PgMissingError';
}

/** Loads `pg` (node-postgres 8); a {@link PgMissingError} that says how to install it when it is absent. */
export async function loadPg(): Promise<PgDriver> {
  let loaded: { default?: PgDriver } & Partial<PgDriver>;
  try {
    loaded = (await import('pg')) as unknown as typeof loaded;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new PgMissingError(
        'needs the `pg` package (node-postgres 8), an optional peer dependency of credit-platform: ' +
          'run `npm install pg` in this project, then run the command again.',
      );
    }
    throw error;
  }
  // pg is CommonJS: an ES import sees its exports on `default` (and, with Node's detection, by name).
  const driver = loaded.default?.Pool ? loaded.default : loaded;
  if (typeof driver.Pool !== 'function') throw new PgMissingError('found a `pg` package without a Pool: install pg 8.');
  return driver as PgDriver;
}
