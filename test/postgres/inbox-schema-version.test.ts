// The inbox table's schema version, against a real PostgreSQL: a 0.5 table (no version) is upgraded
// in place when an inbox starts, its events kept and their attempts carried on, and 0.5's workers
// stopped by an error on it; with createTable: false, the error names the statements to run; a
// newer table is refused.
import { describe, expect, it, vi } from 'vitest';
import { createPostgresWebhookInbox } from '../../src/postgres/index.js';
import { depositEvent } from '../helpers/inbox-event.js';
import { usePostgresServer } from '../helpers/use-postgres.js';

vi.setConfig({ testTimeout: 30_000 });

const pg = usePostgresServer();
const quiet = { warn: () => undefined };

// The table and indexes credit-platform 0.5 created, as it created them.
const TABLE_0_5 = [
  'CREATE TABLE credit_platform_webhook_inbox (event_id text PRIMARY KEY, type text NOT NULL, event_time timestamptz NOT NULL, ' +
    "body text NOT NULL, status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'dead')), " +
    'attempts integer NOT NULL DEFAULT 0, last_error text, order_key text, received_at timestamptz NOT NULL DEFAULT now(), ' +
    'run_at timestamptz NOT NULL DEFAULT now(), done_at timestamptz)',
  "CREATE INDEX credit_platform_webhook_inbox_due ON credit_platform_webhook_inbox (run_at, event_id) WHERE status = 'pending'",
  'CREATE INDEX credit_platform_webhook_inbox_unkeyed ON credit_platform_webhook_inbox (received_at) ' +
    "WHERE status = 'pending' AND order_key IS NULL",
  'CREATE INDEX credit_platform_webhook_inbox_order ON credit_platform_webhook_inbox (order_key, event_time, event_id) ' +
    "WHERE status = 'pending'",
  'CREATE INDEX credit_platform_webhook_inbox_listing ON credit_platform_webhook_inbox (status, received_at, event_id)',
];

async function tableOf05(): Promise<void> {
  for (const statement of TABLE_0_5) await pg.query(statement);
  const body = JSON.stringify({
    id: 'evt_old',
    type: 'deposit.created',
    timestamp: new Date().toISOString(),
    data: { depositId: 'dep_old', token: 'USDC', amount: '1.00', transactionHash: `0x${'a'.repeat(64)}` },
  });
  // One failed attempt under 0.5, due again now.
  await pg.query(
    "INSERT INTO credit_platform_webhook_inbox (event_id, type, event_time, body, attempts, last_error) VALUES ('evt_old', 'deposit.created', now(), $1, 1, 'Error: ledger down')",
    [body],
  );
}

// 0.5's claim, as its workers run it (quoted table name included).
const CLAIM_0_5 =
  'SELECT e.event_id, e.body, e.attempts FROM "public"."credit_platform_webhook_inbox" AS e ' +
  "WHERE e.status = 'pending' AND e.run_at <= now() ORDER BY e.run_at, e.event_id LIMIT 1 FOR UPDATE OF e SKIP LOCKED";

const columns = async () =>
  (
    await pg.query<{ name: string }>(
      "SELECT attname AS name FROM pg_attribute WHERE attrelid = 'credit_platform_webhook_inbox'::regclass AND attnum > 0 " +
        'AND NOT attisdropped ORDER BY attnum',
    )
  ).map((row) => row.name);

const comment = async () =>
  (await pg.query<{ comment: string | null }>("SELECT obj_description('credit_platform_webhook_inbox'::regclass) AS comment"))[0]
    ?.comment;

describe('the inbox table schema version', () => {
  it("upgrades 0.5's table on start, in place: the pending event keeps its count and runs as attempt 2", async () => {
    await tableOf05();
    const inbox = createPostgresWebhookInbox(pg.pool(), { logger: quiet });
    const attempts: number[] = [];
    const worker = inbox.work({
      pollIntervalMs: 20,
      on: {
        'deposit.created': async (_event, { attempt }) => {
          attempts.push(attempt);
        },
      },
    });
    try {
      await vi.waitFor(async () => expect((await inbox.stats()).done).toBe(1));
    } finally {
      await worker.stop();
    }
    expect(attempts).toEqual([2]);
    expect(await comment()).toBe('credit-platform webhook inbox, schema 2');
    expect(await columns()).toEqual([
      'event_id',
      'type',
      'event_time',
      'body',
      'status',
      'attempts',
      'last_error',
      'order_key',
      'received_at',
      'due_at',
      'done_at',
      'started_at',
      'leased_until',
    ]);
    expect(await pg.query("SELECT reloptions FROM pg_class WHERE oid = 'credit_platform_webhook_inbox'::regclass")).toEqual([
      { reloptions: ['fillfactor=50'] },
    ]);
  });

  it("stops 0.5's workers on the upgraded table with an error, rather than let them run a leased event again", async () => {
    await tableOf05();
    const inbox = createPostgresWebhookInbox(pg.pool(), { logger: quiet });
    await inbox.accept(depositEvent('evt_new'));
    await expect(pg.query(CLAIM_0_5)).rejects.toThrow('column e.run_at does not exist');
    // 0.5's receivers store what they receive as before.
    await pg.query(
      "INSERT INTO credit_platform_webhook_inbox (event_id, type, event_time, body) VALUES ('evt_from_0_5', 'deposit.created', now(), '{}') " +
        'ON CONFLICT (event_id) DO NOTHING',
    );
    expect(await inbox.stats()).toMatchObject({ pending: 3 });
  });

  it('with createTable: false, refuses a 0.5 table with the statements to run, and works once they ran', async () => {
    await tableOf05();
    const pool = pg.pool();
    const inbox = createPostgresWebhookInbox(pool, { createTable: false, logger: quiet });
    const refused = await inbox.stats().then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(refused?.message).toMatch(/is of schema version 1 \(credit-platform 0\.5\); this version needs 2/);
    const statements = /run this in a migration: (.*)$/.exec(refused?.message ?? '')?.[1];
    expect(statements).toContain('ADD COLUMN IF NOT EXISTS started_at timestamptz');
    expect(statements).toContain('RENAME COLUMN run_at TO due_at');
    await pool.query(statements ?? '');
    expect(await inbox.stats()).toMatchObject({ pending: 1 });
    expect(await columns()).toContain('leased_until');
  });

  it('refuses a table of a newer version, and creates a new one with its version', async () => {
    const inbox = createPostgresWebhookInbox(pg.pool(), { logger: quiet });
    expect(await inbox.stats()).toMatchObject({ pending: 0 });
    expect(await comment()).toBe('credit-platform webhook inbox, schema 2');
    await pg.query("COMMENT ON TABLE credit_platform_webhook_inbox IS 'credit-platform webhook inbox, schema 3'");
    await expect(createPostgresWebhookInbox(pg.pool(), { logger: quiet }).stats()).rejects.toThrow(
      /is of schema version 3, newer than this credit-platform's \(2\)/,
    );
  });
});
