// Finds the inbox table once per inbox, and creates it or upgrades it from an older schema version
// only when needed: statements that take locks on an existing table (CREATE INDEX IF NOT EXISTS
// queues behind every open transaction on it, and every later statement queues behind it) never
// run against a table in use. The schema it is found in (or created in) is then fixed, so no later
// `search_path` can point the inbox's statements at another table.
import type { PostgresPool, PostgresPoolClient } from '../../postgres-pool.js';
import type { TableName } from '../../table-name.js';
import { underAdvisoryLock } from '../../transaction.js';
import { INBOX_SCHEMA_VERSION, type InboxTable, inboxTable, schemaVersionOf } from './inbox-table.js';

// Creation and upgrades wait this long for a lock at most, then fail (the caller tries again later).
const CREATE_LOCK_TIMEOUT = '2s';

const LOCATE =
  "SELECT current_schema() AS current_schema, n.nspname AS schema, obj_description(c.oid, 'pg_class') AS comment " +
  'FROM (SELECT to_regclass($1) AS oid) AS r LEFT JOIN pg_class AS c ON c.oid = r.oid ' +
  'LEFT JOIN pg_namespace AS n ON n.oid = c.relnamespace';

/** Where the table is, and its version (`undefined` when it does not exist). */
interface Located {
  readonly table: InboxTable;
  readonly version: number | undefined;
}

async function locate(client: Pick<PostgresPool, 'query'>, name: TableName): Promise<Located> {
  const row = (await client.query(LOCATE, [name.quoted])).rows[0] as
    | { current_schema: string | null; schema: string | null; comment: string | null }
    | undefined;
  const given = name.name.includes('.') ? name.name.split('.')[0] : undefined;
  const schema = row?.schema ?? given ?? row?.current_schema;
  if (typeof schema !== 'string') {
    throw new Error(
      `credit-platform: the webhook inbox table ${name.name} does not exist, and there is no schema to create it in: ` +
        "the search_path of the pool's connections names no schema that exists. Give `table` as schema.table.",
    );
  }
  return { table: inboxTable(name, schema), version: row?.schema ? schemaVersionOf(row.comment) : undefined };
}

function wrongVersion(table: InboxTable, version: number): Error {
  if (version > INBOX_SCHEMA_VERSION) {
    return new Error(
      `credit-platform: the webhook inbox table ${table.quoted} is of schema version ${version}, newer than this ` +
        `credit-platform's (${INBOX_SCHEMA_VERSION}): a newer version wrote it. Run that version here too.`,
    );
  }
  return new Error(
    `credit-platform: the webhook inbox table ${table.quoted} is of schema version ${version} (credit-platform 0.5); ` +
      `this version needs ${INBOX_SCHEMA_VERSION}. With createTable: false, run this in a migration: ` +
      `${table.upgrade.join('; ')};`,
  );
}

/** Creates or upgrades the table in one transaction, under the advisory lock, looking again once it holds it. */
function createOrUpgrade(pool: PostgresPool<PostgresPoolClient>, name: TableName, lockKey: string): Promise<InboxTable> {
  return underAdvisoryLock(pool, lockKey, CREATE_LOCK_TIMEOUT, async (client) => {
    const { table, version } = await locate(client, name);
    if (version !== undefined && version > INBOX_SCHEMA_VERSION) throw wrongVersion(table, version);
    const statements = version === undefined ? table.create : version < INBOX_SCHEMA_VERSION ? table.upgrade : [];
    for (const statement of statements) await client.query(statement);
    return { commit: true, value: table };
  });
}

/**
 * @internal `ready()`: resolves the inbox's statements once its table is found at this schema
 * version (created or upgraded first if `enabled`). Without `enabled`, a missing table is left to
 * fail the first statement (42P01), and one of another version is an error naming what to run.
 */
export function inboxTableReady(
  pool: PostgresPool<PostgresPoolClient>,
  name: TableName,
  enabled: boolean,
): () => Promise<InboxTable> {
  let ready: Promise<InboxTable> | undefined;
  const prepare = async (): Promise<InboxTable> => {
    const { table, version } = await locate(pool, name);
    if (version === INBOX_SCHEMA_VERSION) return table;
    if (!enabled) {
      if (version === undefined) return table;
      throw wrongVersion(table, version);
    }
    if (version !== undefined && version > INBOX_SCHEMA_VERSION) throw wrongVersion(table, version);
    return createOrUpgrade(pool, name, table.lockKey);
  };
  return () => {
    ready ??= prepare().catch((error: unknown) => {
      // The next call tries again.
      ready = undefined;
      throw error;
    });
    return ready;
  };
}
