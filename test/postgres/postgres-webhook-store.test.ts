// The Postgres store under the framework-neutral receiver, against a real PostgreSQL: the event
// id commits with the handler's writes, or neither does.
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { PoolClient } from 'pg';
import { createLedgerApp, LEDGER_TABLE } from '../../examples/webhooks/postgres-ledger.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../src/index.js';
import {
  createPostgresWebhookStore,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  PostgresWebhookStoreError,
  type PostgresWebhookStoreOptions,
} from '../../src/postgres/index.js';
import {
  createMemoryDedupStore,
  createSignedWebhookDelivery,
  createWebhookReceiver,
  type WebhookReceiverOptions,
} from '../../src/webhooks/index.js';
import { captureError } from '../helpers/capture.js';
import { usePostgresServer } from '../helpers/use-postgres.js';

const SECRET = 'whsec_postgres_test';
const pg = usePostgresServer();

function delivery(id: string, amount = '10.00') {
  const signed = createSignedWebhookDelivery({
    type: 'deposit.created',
    id,
    data: { depositId: `dep_${id}`, token: 'USDC', amount, transactionHash: `0x${'ab'.repeat(32)}` },
    secret: SECRET,
  });
  return { body: signed.body, signature: signed.headers['x-webhook-signature'] };
}

const LEDGER = 'CREATE TABLE ledger (deposit_id text NOT NULL, amount numeric NOT NULL)';

/** A receiver whose callback credits the ledger through `context.db`, then runs `after`. */
function ledgerReceiver(
  options: Partial<WebhookReceiverOptions<PoolClient>> & { after?: () => unknown; storeOptions?: object } = {},
) {
  const pool = pg.pool();
  const onError = vi.fn();
  const calls: string[] = [];
  const receive = createWebhookReceiver({
    secret: SECRET,
    store: createPostgresWebhookStore(pool, options.storeOptions),
    onError,
    on: {
      'deposit.created': async (event, { db }) => {
        calls.push(event.id);
        await db.query('INSERT INTO ledger (deposit_id, amount) VALUES ($1, $2)', [event.data.depositId, event.data.amount]);
        await options.after?.();
      },
    },
  });
  return { receive, onError, calls, pool };
}

async function rows(): Promise<{ ids: string[]; ledger: number }> {
  const ids = await pg.query<{ event_id: string }>('SELECT event_id FROM credit_platform_webhook_events ORDER BY event_id');
  const ledger = await pg.query<{ n: string }>('SELECT count(*) AS n FROM ledger');
  return { ids: ids.map((r) => r.event_id), ledger: Number(ledger[0]?.n) };
}

/** A handler held at a gate: `entered()` says it is in, `held` keeps it there until `release()`. */
function handlerGate() {
  let release: () => void = () => undefined;
  let entered: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const inHandler = new Promise<void>((resolve) => {
    entered = resolve;
  });
  return { release: () => release(), held, entered: () => entered(), inHandler };
}

describe('createPostgresWebhookStore under a receiver', () => {
  it('commits the event id with the handler’s write, and acknowledges a duplicate without running it', async () => {
    await pg.query(LEDGER);
    const { receive, calls } = ledgerReceiver();
    const first = await receive(delivery('evt_1'));
    expect([first.status, first.outcome]).toEqual([200, 'processed']);
    const again = await receive(delivery('evt_1'));
    expect([again.status, again.outcome, again.body]).toEqual([200, 'duplicate', '{"received":true,"duplicate":true}']);
    expect(calls).toEqual(['evt_1']);
    expect(await rows()).toEqual({ ids: ['evt_1'], ledger: 1 });
  });

  it('rolls back a throwing handler’s write and the id (500), so the retry runs it again', async () => {
    await pg.query(LEDGER);
    let fail = true;
    const { receive, onError, calls } = ledgerReceiver({
      after: () => {
        if (fail) throw new Error('downstream refused');
      },
    });
    const failed = await receive(delivery('evt_throw'));
    expect([failed.status, failed.outcome]).toEqual([500, 'handler_error']);
    expect(onError).toHaveBeenCalledWith(new Error('downstream refused'), expect.objectContaining({ id: 'evt_throw' }));
    expect(await rows()).toEqual({ ids: [], ledger: 0 });
    fail = false;
    const retried = await receive(delivery('evt_throw'));
    expect([retried.status, retried.outcome]).toEqual([200, 'processed']);
    expect(calls).toEqual(['evt_throw', 'evt_throw']);
    expect(await rows()).toEqual({ ids: ['evt_throw'], ledger: 1 });
  });

  it('makes a duplicate of an id in flight wait for it: a commit makes it a duplicate (200), the handler runs once', async () => {
    await pg.query(LEDGER);
    const { release, held, entered, inHandler } = handlerGate();
    const { receive, calls } = ledgerReceiver({
      after: async () => {
        entered();
        await held;
      },
    });
    const first = receive(delivery('evt_race'));
    await inHandler;
    const second = receive(delivery('evt_race'));
    // The second attempt's INSERT is blocked on the first one's uncommitted row.
    await vi.waitFor(async () => {
      const waiting = await pg.query("SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock'");
      expect(waiting).toHaveLength(1);
    });
    release();
    expect((await first).outcome).toBe('processed');
    expect([(await second).status, (await second).outcome]).toEqual([200, 'duplicate']);
    expect(calls).toEqual(['evt_race']);
    expect(await rows()).toEqual({ ids: ['evt_race'], ledger: 1 });
  });

  it('runs the handler for a waiting duplicate when the attempt it waited for rolls back', async () => {
    await pg.query(LEDGER);
    let attempt = 0;
    const { release, held, entered, inHandler } = handlerGate();
    const { receive, calls } = ledgerReceiver({
      after: async () => {
        attempt += 1;
        if (attempt > 1) return;
        entered();
        await held;
        throw new Error('first attempt fails');
      },
    });
    const first = receive(delivery('evt_rollback'));
    await inHandler;
    const second = receive(delivery('evt_rollback'));
    await vi.waitFor(async () => {
      expect(await pg.query("SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock'")).toHaveLength(1);
    });
    release();
    expect((await first).outcome).toBe('handler_error');
    expect((await second).outcome).toBe('processed');
    expect(calls).toEqual(['evt_rollback', 'evt_rollback']);
    expect(await rows()).toEqual({ ids: ['evt_rollback'], ledger: 1 });
  });

  it('answers 503 in_progress with Retry-After when the attempt in flight outlasts lockWaitMs', async () => {
    await pg.query(LEDGER);
    const { release, held, entered, inHandler } = handlerGate();
    const { receive, calls } = ledgerReceiver({
      storeOptions: { lockWaitMs: 50 },
      after: async () => {
        entered();
        await held;
      },
    });
    const first = receive(delivery('evt_slow'));
    await inHandler;
    const second = await receive(delivery('evt_slow'));
    expect([second.status, second.outcome, second.headers['retry-after']]).toEqual([503, 'in_progress', '60']);
    release();
    expect((await first).outcome).toBe('processed');
    expect(calls).toEqual(['evt_slow']);
    expect(await rows()).toEqual({ ids: ['evt_slow'], ledger: 1 });
  });

  it('bounds only its own wait: the callback’s statements run with the connection’s lock_timeout', async () => {
    const settings: string[] = [];
    const receive = createWebhookReceiver({
      secret: SECRET,
      store: createPostgresWebhookStore(pg.pool({ options: '-c lock_timeout=7s' }), { lockWaitMs: 50 }),
      on: {
        'deposit.created': async (_event, { db }) => {
          settings.push(((await db.query('SHOW lock_timeout')).rows[0] as { lock_timeout: string }).lock_timeout);
        },
      },
    });
    expect((await receive(delivery('evt_setting'))).outcome).toBe('processed');
    expect(settings).toEqual(['7s']);
  });

  it('handles many distinct events at once: one row and one ledger line each', async () => {
    await pg.query(LEDGER);
    const { receive, calls } = ledgerReceiver();
    const ids = Array.from({ length: 60 }, (_, i) => `evt_many_${String(i).padStart(2, '0')}`);
    const results = await Promise.all([...ids, ...ids].map((id) => receive(delivery(id))));
    expect(results.filter((r) => r.outcome === 'processed')).toHaveLength(60);
    expect(results.filter((r) => r.outcome === 'duplicate')).toHaveLength(60);
    expect(calls.sort()).toEqual(ids);
    expect(await rows()).toEqual({ ids, ledger: 60 });
  });

  it('answers 503 and tells onError when the pool cannot connect, and never crashes', async () => {
    const pool = pg.pool({ connectionString: 'postgres://postgres@127.0.0.1:1/postgres', connectionTimeoutMillis: 2_000 });
    const onError = vi.fn();
    const on = vi.fn();
    const receive = createWebhookReceiver({
      secret: SECRET,
      store: createPostgresWebhookStore(pool),
      onError,
      on: { 'deposit.created': on },
    });
    const result = await receive(delivery('evt_down'));
    expect([result.status, result.outcome, result.headers['retry-after']]).toEqual([503, 'store_error', '60']);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(on).not.toHaveBeenCalled();
  });

  it('survives the server dropping its connections, idle (a warn) or mid-delivery (500, rolled back), and recovers', async () => {
    await pg.query(LEDGER);
    const warn = vi.fn();
    let terminate = false;
    const pool = pg.pool();
    const onError = vi.fn();
    const receive = createWebhookReceiver({
      secret: SECRET,
      // No background purge: one in flight when the connections are dropped would warn of its own failure.
      store: createPostgresWebhookStore(pool, { logger: { warn }, purgeIntervalMs: Number.POSITIVE_INFINITY }),
      onError,
      on: {
        'deposit.created': async (event, { db }) => {
          await db.query('INSERT INTO ledger (deposit_id, amount) VALUES ($1, $2)', [event.data.depositId, event.data.amount]);
          if (terminate) await db.query('SELECT pg_terminate_backend(pg_backend_pid())');
        },
      },
    });
    expect((await receive(delivery('evt_before'))).outcome).toBe('processed');
    // Idle connections killed: the pool emits 'error', which the store's listener turns into a warn.
    await pg.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND backend_type = $1', [
      'client backend',
    ]);
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('credit-platform: an idle PostgreSQL connection failed', expect.anything()),
    );
    terminate = true;
    const killed = await receive(delivery('evt_killed'));
    expect(killed.status).toBeGreaterThanOrEqual(500);
    terminate = false;
    expect((await receive(delivery('evt_after'))).outcome).toBe('processed');
    expect(await rows()).toEqual({ ids: ['evt_after', 'evt_before'], ledger: 2 });
  });

  it('creates the table once when many first deliveries race, and not at all with createTable: false', async () => {
    await pg.query(LEDGER);
    const stores = [ledgerReceiver(), ledgerReceiver(), ledgerReceiver()];
    const results = await Promise.all(
      stores.flatMap(({ receive }, i) => [0, 1, 2].map((j) => receive(delivery(`evt_${i}${j}`)))),
    );
    expect(results.map((r) => r.outcome)).toEqual(Array(9).fill('processed'));

    const { receive, onError } = ledgerReceiver({ storeOptions: { table: 'own_table', createTable: false } });
    const missing = await receive(delivery('evt_own'));
    expect(missing.outcome).toBe('store_error');
    expect(String(onError.mock.calls[0]?.[0])).toMatch(/relation "own_table" does not exist/);
  });

  it('takes the table name as written, schema included, and refuses one that is not an identifier', async () => {
    await pg.query(`${LEDGER}; CREATE SCHEMA billing`);
    const { receive } = ledgerReceiver({ storeOptions: { table: 'billing.Webhook_Events' } });
    expect((await receive(delivery('evt_schema'))).outcome).toBe('processed');
    expect(await pg.query('SELECT event_id FROM billing."Webhook_Events"')).toEqual([{ event_id: 'evt_schema' }]);
    await pg.query('DROP SCHEMA billing CASCADE');
    const pool = pg.pool();
    for (const table of ['x"; DROP TABLE ledger; --', 'a.b.c', '1table', '', 'a'.repeat(52), 'with space']) {
      expect(() => createPostgresWebhookStore(pool, { table }), table).toThrow(/`table` must be a table name/);
    }
  });

  it('purges ids older than retentionMs, at most 1 000 at a time, and keeps younger ones', async () => {
    const store = createPostgresWebhookStore(pg.pool(), { retentionMs: 3_600_000, purgeIntervalMs: Number.POSITIVE_INFINITY });
    expect(await store.claim('evt_young')).toBe('claimed');
    await pg.query(
      "INSERT INTO credit_platform_webhook_events SELECT 'evt_old_' || i, now() - interval '2 hours' FROM generate_series(1, 1500) AS i",
    );
    expect(await store.purge()).toBe(1_000);
    expect(await store.purge()).toBe(500);
    expect(await store.purge()).toBe(0);
    expect(await pg.query('SELECT event_id FROM credit_platform_webhook_events')).toEqual([{ event_id: 'evt_young' }]);
  });

  it('purges on its own after a committed delivery once purgeIntervalMs has passed', async () => {
    await pg.query(LEDGER);
    const { receive, pool } = ledgerReceiver({ storeOptions: { purgeIntervalMs: 60_000 } });
    const query = vi.spyOn(pool, 'query');
    expect((await receive(delivery('evt_first'))).outcome).toBe('processed');
    // The first delivery started the first purge in the background (nothing to delete then); it must
    // have finished before the ids age, or it would find evt_first old enough to delete.
    await vi.waitFor(() => expect(query.mock.calls.some(([sql]) => String(sql).startsWith('DELETE'))).toBe(true));
    await Promise.allSettled(query.mock.results.map((result) => result.value));
    await pg.query("UPDATE credit_platform_webhook_events SET received_at = now() - interval '80 hours'");
    // Within the interval no other purge runs.
    expect((await receive(delivery('evt_second'))).outcome).toBe('processed');
    expect((await rows()).ids).toEqual(['evt_first', 'evt_second']);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      expect((await receive(delivery('evt_third'))).outcome).toBe('processed');
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(async () => expect((await rows()).ids).toEqual(['evt_second', 'evt_third']));
  });

  it('is refused by a receiver when it keeps ids for less than maxEventAge plus 5 minutes', () => {
    const store = createPostgresWebhookStore(pg.pool(), { retentionMs: 24 * 3_600_000 });
    expect(() => createWebhookReceiver({ secret: SECRET, store })).toThrow(TypeError);
    expect(() => createWebhookReceiver({ secret: SECRET, store, maxEventAge: 23 * 3_600_000 })).not.toThrow();
  });

  it('is refused by a receiver with maxEventAge Infinity: its retention is finite, so a purged id could run again', () => {
    const store = createPostgresWebhookStore(pg.pool());
    const attempt = () => createWebhookReceiver({ secret: SECRET, store, maxEventAge: Number.POSITIVE_INFINITY });
    expect(attempt).toThrow(ConfigurationError);
    expect(attempt).toThrow(/maxEventAge is Infinity.*forgets event ids after 259500000 ms \(72\.1 h\)/);
  });
});

/** The SQL blocks of the webhooks guide's section on this store, in order. */
function guideSql(): string[] {
  const guide = readFileSync('docs/guides/webhooks.md', 'utf8');
  const section = guide.slice(guide.indexOf('## Exactly once with your database'), guide.indexOf('## Refused deliveries'));
  return [...section.matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

describe('the guide and the example', () => {
  it('the guide’s CREATE TABLE serves a store with createTable: false, and its purge statement deletes expired ids', async () => {
    const [create, purge] = guideSql();
    await pg.query(`${LEDGER}; ${create}`);
    const { receive } = ledgerReceiver({ storeOptions: { createTable: false } });
    expect((await receive(delivery('evt_migrated'))).outcome).toBe('processed');
    await pg.query("UPDATE credit_platform_webhook_events SET received_at = now() - interval '73 hours'");
    expect((await receive(delivery('evt_fresh'))).outcome).toBe('processed');
    await pg.query(purge!, [259_500]);
    expect((await rows()).ids).toEqual(['evt_fresh']);
  });

  it('the Express ledger example credits a deposit once, however often it is delivered', async () => {
    await pg.query(LEDGER_TABLE);
    const server = createLedgerApp(pg.pool(), { secret: SECRET }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
      const signed = createSignedWebhookDelivery({
        type: 'deposit.created',
        id: 'evt_example',
        data: { depositId: 'dep_example', token: 'USDC', amount: '42.50', transactionHash: `0x${'ef'.repeat(32)}` },
        secret: SECRET,
      });
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await fetch(url, { method: 'POST', body: signed.body, headers: signed.headers })).status);
      expect(statuses).toEqual([200, 200, 200]);
      expect(await pg.query('SELECT transaction_hash, amount::text FROM ledger')).toEqual([
        { transaction_hash: `0x${'ef'.repeat(32)}`, amount: '42.50' },
      ]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the callback context', () => {
  it('has no db under the memory store', async () => {
    const contexts: object[] = [];
    const receive = createWebhookReceiver({
      secret: SECRET,
      store: createMemoryDedupStore(),
      on: { 'deposit.created': (_event, context) => void contexts.push(context) },
    });
    expect((await receive(delivery('evt_memory'))).outcome).toBe('processed');
    expect(contexts).toHaveLength(1);
    expect('db' in (contexts[0] as object)).toBe(false);
  });
});

// The store's own control flow on a recording stand-in for a `pg` Pool: which statements each
// path sends, which connection goes back to the pool healthy and which is closed, when the table
// is created and when purges run. The same paths against a real PostgreSQL are above.
type Label = string;

/** Names a statement of the store by what it does. */
function label(text: string): Label {
  if (text.startsWith('SELECT before.previous')) return 'lock wait';
  if (text.startsWith('LOCK TABLE')) return 'lock for insert';
  if (text.startsWith('WITH inserted')) return 'insert id';
  if (text.startsWith('SELECT pg_advisory_xact_lock')) return 'lock table';
  if (text.startsWith("SELECT set_config('lock_timeout'")) return 'set lock timeout';
  if (text.startsWith('SELECT to_regclass')) return 'exists';
  if (text.startsWith('CREATE TABLE')) return 'create table';
  if (text.startsWith('CREATE INDEX')) return 'create index';
  if (text.startsWith('INSERT INTO')) return 'insert';
  if (text.includes('make_interval')) return 'purge';
  if (text.startsWith('DELETE FROM')) return 'remove';
  return text;
}

type Answer = (statement: Label, values: readonly unknown[]) => PostgresQueryResult | Promise<PostgresQueryResult>;

const ok = (rows: unknown[] = [], rowCount: number | null = rows.length, command = 'SELECT'): PostgresQueryResult => ({
  command,
  rows,
  rowCount,
});

/** Answers every statement as PostgreSQL would when all goes well: the id is new, the table missing. */
const fine: Answer = (statement) => {
  if (statement === 'lock wait') return ok([{ previous: '0' }]);
  if (statement === 'insert id') return ok([{ inserted: 1 }]);
  if (statement === 'exists') return ok([{ table_exists: false, index_exists: false }]);
  return ok([], null, statement);
};

/** `fine`, except for `statement`, which `fails`. */
function failing(statement: Label, fails: unknown = new Error(`${statement} failed`)): Answer {
  return (s, values) => (s === statement ? Promise.reject(fails) : fine(s, values));
}

interface Recorded {
  /** Each statement as `label` names it, `connect`, and `release` (`healthy` or `closed: <message>`). */
  readonly log: string[];
  readonly values: Map<Label, readonly unknown[]>;
  /** The text of each statement, by label. */
  readonly texts: Map<Label, string>;
}

function fakePool(answer: Answer = fine) {
  const recorded: Recorded = { log: [], values: new Map(), texts: new Map() };
  const clients: EventEmitter[] = [];
  const run = async (text: string, values: readonly unknown[] = []) => {
    const statement = label(text);
    recorded.log.push(statement);
    recorded.values.set(statement, values);
    recorded.texts.set(statement, text);
    return answer(statement, values);
  };
  const poolEvents = new EventEmitter();
  const pool = Object.assign(poolEvents, {
    async connect() {
      recorded.log.push('connect');
      const client = Object.assign(new EventEmitter(), {
        query: run,
        release(error?: Error | boolean) {
          recorded.log.push(error instanceof Error ? `closed: ${error.message}` : error ? 'closed' : 'healthy');
        },
      });
      clients.push(client);
      return client;
    },
    query: run,
  });
  return { pool: pool as unknown as PostgresPool<PostgresPoolClient>, ...recorded, clients, events: poolEvents };
}

/** A store on `fake` that needs no table created and never purges unless told. */
function storeOn(fake: ReturnType<typeof fakePool>, options: PostgresWebhookStoreOptions = {}) {
  return createPostgresWebhookStore(fake.pool, { createTable: false, purgeIntervalMs: Number.POSITIVE_INFINITY, ...options });
}

const COMMIT_FAILED_TAIL =
  "Nothing was acknowledged (503); the service's retry runs the handler again, or finds the event done if the commit did " +
  "reach the disk. A deferred constraint or a serialization failure fails at COMMIT: check the handler's writes against them.";

const TRANSACTION = ['connect', 'BEGIN', 'lock wait', 'lock for insert', 'insert id'];

describe('createPostgresWebhookStore: its transaction, statement by statement', () => {
  it('runs the handler between inserting the id and COMMIT, and returns a healthy connection', async () => {
    const fake = fakePool();
    const handled: unknown[] = [];
    const outcome = await storeOn(fake, { lockWaitMs: 1_234 }).transaction('evt_1', async (db) => {
      handled.push(db);
      fake.log.push('handler');
    });
    expect(outcome).toBe('processed');
    expect(fake.log).toEqual([...TRANSACTION, 'handler', 'COMMIT', 'healthy']);
    // The handler gets the guarded view of the transaction's connection, never the connection.
    expect(handled).toHaveLength(1);
    expect(handled[0]).not.toBe(fake.clients[0]);
    expect((await captureError(() => (handled[0] as PostgresPoolClient).release())).name).toBe('TransactionClientError');
    // The wait is set, as a parameter, then the table's lock is taken before the insert.
    expect(fake.values.get('lock wait')).toEqual(['1234ms']);
    expect(fake.texts.get('lock for insert')).toBe('LOCK TABLE "credit_platform_webhook_events" IN ROW EXCLUSIVE MODE');
    // The id, and the lock_timeout the connection had, to put back once the id is in.
    expect(fake.values.get('insert id')).toEqual(['evt_1', '0']);
  });

  it('rolls back without running the handler when the id is there, and when another attempt holds it', async () => {
    const duplicate = fakePool((s, v) => (s === 'insert id' ? ok([{ inserted: 0 }]) : fine(s, v)));
    const handler = vi.fn();
    expect(await storeOn(duplicate).transaction('evt_1', handler)).toBe('duplicate');
    expect(duplicate.log).toEqual([...TRANSACTION, 'ROLLBACK', 'healthy']);

    const locked = Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' });
    const held = fakePool(failing('insert id', locked));
    expect(await storeOn(held).transaction('evt_1', handler)).toBe('in_progress');
    expect(held.log).toEqual([...TRANSACTION, 'ROLLBACK', 'healthy']);
    expect(handler).not.toHaveBeenCalled();
  });

  it('fails with table_locked, not in_progress, when the table’s lock (not the id) outlasts lockWaitMs', async () => {
    const locked = Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' });
    const fake = fakePool(failing('lock wait', locked));
    const handler = vi.fn();
    const error = await captureError(storeOn(fake, { lockWaitMs: 250 }).transaction('evt_1', handler));
    expect(error).toBeInstanceOf(PostgresWebhookStoreError);
    expect((error as PostgresWebhookStoreError).reason).toBe('table_locked');
    expect(error.cause).toBe(locked);
    expect(error.message).toBe(
      'credit-platform: the webhook table credit_platform_webhook_events stayed locked by another session for 250ms ' +
        '(lockWaitMs), so the delivery did not start: nothing ran and nothing was acknowledged (503, retried). A ' +
        'migration, an ALTER TABLE, a CREATE INDEX without CONCURRENTLY or a LOCK TABLE holds it: find it in pg_locks and pg_stat_activity.',
    );
    expect(fake.log).toEqual(['connect', 'BEGIN', 'lock wait', 'ROLLBACK', 'healthy']);
    expect(handler).not.toHaveBeenCalled();
  });

  it('fails with not_committed when COMMIT answers ROLLBACK, naming the statement that failed, on a healthy connection', async () => {
    const duplicate = Object.assign(new Error('duplicate key value violates unique constraint "notes_pkey"'), { code: '23505' });
    const fake = fakePool((s, v) => {
      if (s === 'insert') return Promise.reject(duplicate);
      return s === 'COMMIT' ? ok([], null, 'ROLLBACK') : fine(s, v);
    });
    const error = await captureError(
      storeOn(fake).transaction('evt_1', async (db) => {
        await (db as PostgresPoolClient).query('INSERT INTO notes VALUES (1)').catch(() => undefined);
      }),
    );
    expect(error).toBeInstanceOf(PostgresWebhookStoreError);
    expect((error as PostgresWebhookStoreError).reason).toBe('not_committed');
    expect(error.cause).toBe(duplicate);
    expect(error.message).toMatch(
      /^credit-platform: PostgreSQL did not commit the delivery \(COMMIT answered ROLLBACK\): a statement of the handler failed \(duplicate key value violates unique constraint "notes_pkey" \(SQLSTATE 23505\)\) and the handler went on, which aborts the whole transaction, so neither the handler's writes nor the event id \(table credit_platform_webhook_events\) were kept\. Answered 503: nothing acknowledged, and the service's retry runs the handler again\. A statement that may fail must not leave the transaction aborted: run it inside a SAVEPOINT and `ROLLBACK TO SAVEPOINT` when it fails, or write it so that it does not fail \(`INSERT \.\.\. ON CONFLICT DO NOTHING` instead of catching a unique violation, 23505\); or let the error out of the handler \(500, retried\)\.$/,
    );
    expect(fake.log).toEqual([...TRANSACTION, 'insert', 'COMMIT', 'healthy']);
  });

  it('passes on any other failure of the insert, rolled back', async () => {
    const refused = Object.assign(new Error('permission denied for table'), { code: '42501' });
    const fake = fakePool(failing('insert id', refused));
    const handler = vi.fn();
    expect(await captureError(storeOn(fake).transaction('evt_1', handler))).toBe(refused);
    expect(fake.log).toEqual([...TRANSACTION, 'ROLLBACK', 'healthy']);
    expect(handler).not.toHaveBeenCalled();
  });

  it('takes a reply to the insert it cannot read as a failure, never as a duplicate acknowledged unrun', async () => {
    for (const rows of [[], [{}], [{ inserted: 2 }], [{ inserted: '1' }]]) {
      const fake = fakePool((s, v) => (s === 'insert id' ? ok(rows) : fine(s, v)));
      const handler = vi.fn();
      const error = await captureError(storeOn(fake).transaction('evt_1', handler));
      expect(error.message, JSON.stringify(rows)).toBe(
        'credit-platform: the insert of the event id did not answer one row with `inserted` 0 or 1.',
      );
      expect(fake.log).toEqual([...TRANSACTION, 'ROLLBACK', 'healthy']);
      expect(handler).not.toHaveBeenCalled();
    }
  });

  it('a throwing handler: rolled back, its error passed on, and the connection goes back healthy', async () => {
    const fake = fakePool();
    const thrown = new Error('downstream refused');
    expect(
      await captureError(
        storeOn(fake).transaction('evt_1', async () => {
          throw thrown;
        }),
      ),
    ).toBe(thrown);
    expect(fake.log).toEqual([...TRANSACTION, 'ROLLBACK', 'healthy']);
  });

  it('closes the connection, never handing it to the next delivery, when the transaction failed half-way', async () => {
    const cases: [Answer, boolean, string[]][] = [
      [failing('BEGIN'), false, ['connect', 'BEGIN', 'closed: BEGIN failed']],
      [failing('BEGIN', 'a string'), false, ['connect', 'BEGIN', 'closed: a string']],
      [failing('lock wait'), false, ['connect', 'BEGIN', 'lock wait', 'ROLLBACK', 'healthy']],
      [
        failing('COMMIT'),
        false,
        [
          ...TRANSACTION,
          'COMMIT',
          `closed: credit-platform: COMMIT of the delivery failed: COMMIT failed. ${COMMIT_FAILED_TAIL}`,
        ],
      ],
      [failing('ROLLBACK'), true, [...TRANSACTION, 'ROLLBACK', 'closed: handler failed']],
    ];
    for (const [answer, handlerFails, log] of cases) {
      const fake = fakePool(answer);
      await captureError(
        storeOn(fake).transaction('evt_1', async () => {
          if (handlerFails) throw new Error('handler failed');
        }),
      );
      expect(fake.log, log.join()).toEqual(log);
    }
  });

  it('closes a connection that emitted an error while checked out, and listens only while it is', async () => {
    const fake = fakePool();
    const outcome = await storeOn(fake).transaction('evt_1', async () => {
      const client = fake.clients[0] as EventEmitter;
      expect(client.listenerCount('error')).toBe(1);
      client.emit('error', new Error('Connection terminated unexpectedly'));
    });
    expect(outcome).toBe('processed');
    expect(fake.log.at(-1)).toBe('closed: Connection terminated unexpectedly');
    expect(fake.clients[0]?.listenerCount('error')).toBe(0);
  });
});

/** What creating the table sends after the catalog said it is missing. */
const CREATION = [
  'connect',
  'BEGIN',
  'set lock timeout',
  'lock table',
  'set lock timeout',
  'exists',
  'create table',
  'create index',
];

describe('createPostgresWebhookStore: the table', () => {
  it('is created once, under the advisory lock, before the first statement on it', async () => {
    const fake = fakePool();
    const store = createPostgresWebhookStore(fake.pool, { table: 'billing.events', purgeIntervalMs: Number.POSITIVE_INFINITY });
    await Promise.all([store.claim('evt_1'), store.transaction('evt_2', async () => undefined)]);
    await store.release('evt_1');
    expect(fake.log.slice(0, 11)).toEqual(['exists', ...CREATION, 'COMMIT', 'healthy']);
    expect(fake.values.get('lock table')).toEqual(['credit-platform:billing.events']);
    expect(fake.values.get('exists')).toEqual(['"billing"."events"']);
    expect(fake.log.filter((entry) => entry === 'create table')).toHaveLength(1);
  });

  it('is tried again at the next call when creating it failed, rolled back on a connection that stays healthy', async () => {
    let fail = true;
    const fake = fakePool((s, v) => (s === 'create table' && fail ? Promise.reject(new Error('disk full')) : fine(s, v)));
    const store = createPostgresWebhookStore(fake.pool, { purgeIntervalMs: Number.POSITIVE_INFINITY });
    expect((await captureError(store.claim('evt_1'))).message).toBe('disk full');
    expect(fake.log).toEqual(['exists', ...CREATION.slice(0, -1), 'ROLLBACK', 'healthy']);
    fail = false;
    expect(await store.claim('evt_1')).toBe('completed'); // rowCount 0 from the stand-in
    expect(fake.log.slice(10)).toEqual(['exists', ...CREATION, 'COMMIT', 'healthy', 'insert']);
  });

  it('is not touched when the catalog has the table and an index on received_at: no transaction, no lock', async () => {
    const fake = fakePool((s, v) => (s === 'exists' ? ok([{ table_exists: true, index_exists: true }]) : fine(s, v)));
    const store = createPostgresWebhookStore(fake.pool, { purgeIntervalMs: Number.POSITIVE_INFINITY });
    await store.claim('evt_1');
    await store.claim('evt_2');
    expect(fake.log).toEqual(['exists', 'insert', 'insert']);
  });

  it('gets only its missing index, and gives up on it (a warning, deliveries go on) when the table stays locked', async () => {
    const locked = Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' });
    const fake = fakePool((s, v) => {
      if (s === 'exists') return ok([{ table_exists: true, index_exists: false }]);
      return s === 'create index' ? Promise.reject(locked) : fine(s, v);
    });
    const warn = vi.fn();
    const store = createPostgresWebhookStore(fake.pool, { purgeIntervalMs: Number.POSITIVE_INFINITY, logger: { warn } });
    expect(await store.claim('evt_1')).toBe('completed');
    // As CREATION, without the table it found.
    expect(fake.log).toEqual(['exists', ...CREATION.slice(0, 6), 'create index', 'ROLLBACK', 'healthy', 'insert']);
    expect(fake.values.get('set lock timeout')).toEqual(['200ms']);
    expect(warn).toHaveBeenCalledWith(
      'credit-platform: the index on received_at of credit_platform_webhook_events is missing and its table is busy; not ' +
        'created, so as not to hold deliveries up. Create it with CREATE INDEX CONCURRENTLY (the webhooks guide has the SQL).',
      { error: 'canceling statement due to lock timeout' },
    );
  });

  it('is never created with createTable: false', async () => {
    const fake = fakePool();
    const store = storeOn(fake);
    await store.claim('evt_1');
    await store.purge();
    expect(fake.log).toEqual(['insert', 'purge']);
  });
});

describe('createPostgresWebhookStore: claim, release and purge', () => {
  it('claim says claimed only when a row was inserted; release deletes the id', async () => {
    const fake = fakePool((s, v) => (s === 'insert' ? ok([], 1) : fine(s, v)));
    const store = storeOn(fake);
    expect(await store.claim('evt_1')).toBe('claimed');
    expect(fake.values.get('insert')).toEqual(['evt_1']);
    await store.complete('evt_1');
    await store.release('evt_1');
    expect(fake.values.get('remove')).toEqual(['evt_1']);
    expect(fake.log).toEqual(['insert', 'remove']);
  });

  it('purge deletes rows older than retentionMs (in seconds), 1 000 at most, and says how many', async () => {
    const fake = fakePool((s, v) => (s === 'purge' ? ok([], 17) : fine(s, v)));
    expect(await storeOn(fake, { retentionMs: 90_000_000 }).purge()).toBe(17);
    expect(fake.values.get('purge')).toEqual([90_000, 1_000]);
    const silent = fakePool((s, v) => (s === 'purge' ? ok([], null) : fine(s, v)));
    expect(await storeOn(silent).purge()).toBe(0);
    expect(silent.values.get('purge')).toEqual([259_500, 1_000]);
  });
});

describe('createPostgresWebhookStore: purging on its own', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A store on a stand-in whose purges delete `deleted()` rows; `purges()` counts them. */
  function purging(deleted: () => number | Promise<number>, options: PostgresWebhookStoreOptions = {}) {
    const fake = fakePool(async (s, v) => (s === 'purge' ? ok([], await deleted()) : fine(s, v)));
    const store = createPostgresWebhookStore(fake.pool, { createTable: false, purgeIntervalMs: 60_000, ...options });
    const deliver = (id: string, inserted = 1) => store.transaction(id, async () => undefined).then(() => inserted);
    return { store, deliver, purges: () => fake.log.filter((entry) => entry === 'purge').length, fake };
  }

  it('purges after the first committed delivery, then once per purgeIntervalMs', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const { deliver, purges } = purging(() => 3);
    await deliver('evt_1');
    await vi.waitFor(() => expect(purges()).toBe(1));
    await deliver('evt_2');
    vi.setSystemTime(1_000_000 + 59_999);
    await deliver('evt_3');
    await Promise.resolve();
    expect(purges()).toBe(1);
    vi.setSystemTime(1_000_000 + 60_000);
    await deliver('evt_4');
    await vi.waitFor(() => expect(purges()).toBe(2));
  });

  it('does not purge after a duplicate', async () => {
    const duplicate = fakePool((s, v) => (s === 'insert id' ? ok([{ inserted: 0 }]) : fine(s, v)));
    const store = createPostgresWebhookStore(duplicate.pool, { createTable: false, purgeIntervalMs: 1 });
    expect(await store.transaction('evt_1', async () => undefined)).toBe('duplicate');
    await new Promise((resolve) => setImmediate(resolve));
    expect(duplicate.log).not.toContain('purge');
  });

  it('purges again at the next delivery while purges delete full batches of 1 000', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const batches = [1_000, 1_000, 999, 1_000];
    const { deliver, purges } = purging(() => batches.shift() ?? 0);
    for (const [i, expected] of [1, 2, 3, 3].entries()) {
      await deliver(`evt_${i}`);
      await vi.waitFor(() => expect(purges()).toBe(expected));
      await new Promise((resolve) => setImmediate(resolve));
    }
  });

  it('never runs two purges at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    let finish: (deleted: number) => void = () => undefined;
    const { deliver, purges } = purging(() => new Promise<number>((resolve) => (finish = resolve)), { purgeIntervalMs: 1 });
    await deliver('evt_1');
    await vi.waitFor(() => expect(purges()).toBe(1));
    vi.setSystemTime(1_000_000 + 60_000); // the interval is long past: only the purge still running holds the next one
    await deliver('evt_2');
    await new Promise((resolve) => setImmediate(resolve));
    expect(purges()).toBe(1);
    finish(1_000);
    await new Promise((resolve) => setImmediate(resolve));
    await deliver('evt_3');
    await vi.waitFor(() => expect(purges()).toBe(2));
  });

  it('never purges with purgeIntervalMs: Infinity', async () => {
    const { deliver, purges } = purging(() => 1_000, { purgeIntervalMs: Number.POSITIVE_INFINITY });
    for (const id of ['evt_1', 'evt_2']) await deliver(id);
    await new Promise((resolve) => setImmediate(resolve));
    expect(purges()).toBe(0);
  });

  it('logs a failed purge as one warn with its error, and purges again after the interval', async () => {
    const warn = vi.fn();
    const { deliver, purges } = purging(() => Promise.reject(new Error('statement timeout')), {
      logger: { warn },
      purgeIntervalMs: 1,
    });
    await deliver('evt_1');
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('credit-platform: purging expired webhook event ids failed', {
        error: 'statement timeout',
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    await deliver('evt_2');
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(purges()).toBe(2);
  });
});

describe('createPostgresWebhookStore: the pool and the options it takes', () => {
  it('listens for errors of idle connections when the pool has no listener, and leaves one it has alone', () => {
    const bare = fakePool();
    const warn = vi.fn();
    storeOn(bare, { logger: { warn } });
    storeOn(bare, { logger: { warn } });
    expect(bare.events.listenerCount('error')).toBe(1);
    bare.events.emit('error', new Error('terminating connection due to administrator command'));
    expect(warn).toHaveBeenCalledWith('credit-platform: an idle PostgreSQL connection failed', {
      error: 'terminating connection due to administrator command',
    });

    const heard = fakePool();
    heard.events.on('error', () => undefined);
    const quiet = vi.fn();
    storeOn(heard, { logger: { warn: quiet } });
    heard.events.emit('error', new Error('dropped'));
    expect(heard.events.listenerCount('error')).toBe(1);
    expect(quiet).not.toHaveBeenCalled();
  });

  it('refuses anything but a pool with connect and query, saying what it got', () => {
    const { pool } = fakePool();
    for (const [given, got] of [
      [null, 'null'],
      [undefined, 'undefined'],
      ['postgres://db', 'string'],
      [{ connect: pool.connect }, 'object'],
      [{ query: pool.query }, 'object'],
    ] as const) {
      expect(() => createPostgresWebhookStore(given as never), String(given)).toThrow(
        new ConfigurationError(
          'pool',
          `createPostgresWebhookStore: pass a node-postgres Pool (\`new Pool({ connectionString })\` from \`pg\`); got ${got}.`,
        ),
      );
    }
  });

  it('takes every positive integer of milliseconds, Infinity only for purgeIntervalMs', () => {
    const { pool } = fakePool();
    for (const value of [1, 2, 60_000]) {
      expect(
        createPostgresWebhookStore(pool, { retentionMs: value, lockWaitMs: value, purgeIntervalMs: value }).retentionMs,
      ).toBe(value);
    }
    expect(createPostgresWebhookStore(pool, { purgeIntervalMs: Number.POSITIVE_INFINITY })).toBeDefined();
    for (const name of ['retentionMs', 'lockWaitMs', 'purgeIntervalMs'] as const) {
      const infinity = name === 'purgeIntervalMs' ? ' or Infinity' : '';
      const refused = name === 'purgeIntervalMs' ? [] : [Number.POSITIVE_INFINITY];
      for (const value of [0, -1, 1.5, Number.NaN, Number.NEGATIVE_INFINITY, 2 ** 53, ...refused]) {
        expect(() => createPostgresWebhookStore(pool, { [name]: value }), `${name} ${value}`).toThrow(
          new ConfigurationError(
            name,
            `createPostgresWebhookStore: \`${name}\` must be a positive integer of milliseconds${infinity}; got ${String(value)}.`,
          ),
        );
      }
    }
  });
});
