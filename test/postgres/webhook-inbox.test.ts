// The Postgres webhook inbox against a real PostgreSQL: the receiver stores and acknowledges, the
// workers process each event once, with retries, a dead state, replay and per-key order.
import { readFileSync } from 'node:fs';
import type { PoolClient } from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPostgresWebhookInbox,
  type PostgresWebhookInbox,
  type PostgresWebhookInboxOptions,
  type WebhookInboxWorker,
  type WebhookInboxWorkOptions,
} from '../../src/postgres/index.js';
import { createSignedWebhookDelivery, createWebhookReceiver } from '../../src/webhooks/index.js';
import { usePostgresServer } from '../helpers/use-postgres.js';

vi.setConfig({ testTimeout: 60_000 });

const SECRET = 'whsec_inbox_test';
const pg = usePostgresServer();
const LEDGER = 'CREATE TABLE ledger (event_id text NOT NULL, deposit_id text NOT NULL, amount numeric NOT NULL)';
const workers: WebhookInboxWorker[] = [];

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});

function delivery(id: string, extra: { timestamp?: string; account?: string } = {}) {
  const signed = createSignedWebhookDelivery({
    type: 'deposit.created',
    id,
    ...(extra.timestamp === undefined ? {} : { timestamp: extra.timestamp }),
    data: {
      depositId: `dep_${id}`,
      token: 'USDC',
      amount: '10.00',
      transactionHash: `0x${'ab'.repeat(32)}`,
      account: extra.account,
    },
    secret: SECRET,
  });
  return { body: signed.body, signature: signed.headers['x-webhook-signature'] };
}

function setUp(options: PostgresWebhookInboxOptions = {}, maxEventAge?: number) {
  const pool = pg.pool({ max: 12 });
  const inbox = createPostgresWebhookInbox(pool, { logger: { warn: () => undefined }, ...options });
  const onError = vi.fn();
  const receive = createWebhookReceiver({ secret: SECRET, inbox, onError, maxEventAge });
  return { pool, inbox, receive, onError };
}

function work(inbox: PostgresWebhookInbox<PoolClient>, options: WebhookInboxWorkOptions<PoolClient>): WebhookInboxWorker {
  const worker = inbox.work({ pollIntervalMs: 20, onError: () => undefined, ...options });
  workers.push(worker);
  return worker;
}

const credit: NonNullable<WebhookInboxWorkOptions<PoolClient>['on']>['deposit.created'] = async (event, { db }) => {
  await db.query('INSERT INTO ledger (event_id, deposit_id, amount) VALUES ($1, $2, $3)', [
    event.id,
    event.data.depositId,
    event.data.amount,
  ]);
};

async function rows<Row>(text: string, values?: unknown[]): Promise<Row[]> {
  return pg.query<Row>(text, values);
}

async function statusOf(id: string): Promise<{ status: string; attempts: number; last_error: string | null } | undefined> {
  return (
    await rows<{ status: string; attempts: number; last_error: string | null }>(
      'SELECT status, attempts, last_error FROM credit_platform_webhook_inbox WHERE event_id = $1',
      [id],
    )
  )[0];
}

describe('the receiver with an inbox', () => {
  it('stores the verified body as received and answers 200 at once; the handler has not run', async () => {
    const { receive } = setUp();
    const d = delivery('evt_store');
    const result = await receive(d);
    expect({ status: result.status, body: result.body, outcome: result.outcome }).toEqual({
      status: 200,
      body: '{"received":true}',
      outcome: 'stored',
    });
    expect(await rows('SELECT event_id, type, body, status, attempts FROM credit_platform_webhook_inbox')).toEqual([
      { event_id: 'evt_store', type: 'deposit.created', body: d.body, status: 'pending', attempts: 0 },
    ]);
  });

  it('acknowledges a forged delivery with 401 and stores nothing', async () => {
    const { receive } = setUp();
    const d = delivery('evt_forged');
    expect((await receive({ body: d.body, signature: '0'.repeat(64) })).status).toBe(401);
    await receive(delivery('evt_other')); // the table exists
    expect(await rows('SELECT event_id FROM credit_platform_webhook_inbox')).toEqual([{ event_id: 'evt_other' }]);
  });

  it('answers 503 (the service retries) when the inbox cannot store, and reports it', async () => {
    const { receive, onError, pool } = setUp();
    await receive(delivery('evt_first'));
    await pool.query("ALTER TABLE credit_platform_webhook_inbox ADD CONSTRAINT no_more CHECK (event_id = 'evt_first')");
    const result = await receive(delivery('evt_second'));
    expect(result.status).toBe(503);
    expect(result.outcome).toBe('store_error');
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('acknowledges duplicates of pending, done and dead events without storing them again or changing them', async () => {
    const { inbox, receive } = setUp({ maxAttempts: 1 });
    await pg.query(LEDGER);
    for (const id of ['evt_done', 'evt_dead']) expect((await receive(delivery(id))).outcome).toBe('stored');
    const worker = work(inbox, {
      on: {
        'deposit.created': async (event, context) => {
          if (event.id === 'evt_dead') throw new Error('poison');
          await credit(event, context);
        },
      },
      concurrency: 2,
    });
    await vi.waitFor(async () => {
      expect((await statusOf('evt_done'))?.status).toBe('done');
      expect((await statusOf('evt_dead'))?.status).toBe('dead');
    });
    await worker.stop();
    expect((await receive(delivery('evt_pending'))).outcome).toBe('stored');
    for (const id of ['evt_pending', 'evt_done', 'evt_dead']) {
      const again = await receive(delivery(id));
      expect({ status: again.status, body: again.body, outcome: again.outcome }).toEqual({
        status: 200,
        body: '{"received":true,"duplicate":true}',
        outcome: 'duplicate',
      });
    }
    expect(await rows('SELECT event_id, status, attempts FROM credit_platform_webhook_inbox ORDER BY event_id')).toEqual([
      { event_id: 'evt_dead', status: 'dead', attempts: 1 },
      { event_id: 'evt_done', status: 'done', attempts: 1 },
      { event_id: 'evt_pending', status: 'pending', attempts: 0 },
    ]);
    expect(await rows('SELECT event_id FROM ledger')).toEqual([{ event_id: 'evt_done' }]);
  });

  it('stores an authentic id PostgreSQL cannot hold as sent (a NUL, 3 000 characters) under a digest, once', async () => {
    const { receive } = setUp();
    const ids = ['evt_nul\u0000x', `evt_${'x'.repeat(3_000)}`];
    for (const id of ids) {
      expect((await receive(delivery(id))).outcome).toBe('stored');
      expect((await receive(delivery(id))).outcome).toBe('duplicate');
    }
    const stored = await rows<{ event_id: string }>('SELECT event_id FROM credit_platform_webhook_inbox ORDER BY event_id');
    expect(stored.map((row) => row.event_id)).toEqual([
      expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    ]);
    expect(new Set(stored.map((row) => row.event_id)).size).toBe(2);
    // Replayed by its id or by the key list() shows, once done.
    const { inbox } = setUp();
    const worker = work(inbox, { on: {} });
    await vi.waitFor(async () => expect((await inbox.stats()).done).toBe(2));
    // Stopped, so that the replayed event stays pending (a replay wakes workers at once).
    await worker.stop();
    expect(await inbox.replay(ids[0]!)).toBe(1);
    const listed = [];
    for await (const entry of inbox.list({ status: 'done' })) listed.push(entry.eventId);
    expect(listed).toHaveLength(1);
    expect(await inbox.replay(listed[0]!)).toBe(1);
  });
});

describe('inbox.work', () => {
  it('1 000 deliveries acknowledged while every handler fails, then each processed exactly once when the dependency is back', async () => {
    const { inbox, receive } = setUp({ maxAttempts: 1_000, retryDelayMs: () => 20 });
    await pg.query(LEDGER);
    let down = true;
    const onError = vi.fn();
    work(inbox, {
      on: {
        'deposit.created': async (event, context) => {
          await credit(event, context); // written, then rolled back with the failure
          if (down) throw new Error('ledger database is down for a migration');
        },
      },
      concurrency: 4,
      onError,
    });
    const ids = Array.from({ length: 1_000 }, (_, i) => `evt_bulk_${i}`);
    const answers = await Promise.all(ids.map((id) => receive(delivery(id))));
    expect(answers.every((answer) => answer.status === 200 && answer.outcome === 'stored')).toBe(true);
    await vi.waitFor(() => expect(onError.mock.calls.length).toBeGreaterThan(100), { timeout: 20_000 });
    expect(await rows('SELECT count(*)::int AS n FROM ledger')).toEqual([{ n: 0 }]);

    down = false;
    await vi.waitFor(async () => expect((await inbox.stats()).done).toBe(1_000), { timeout: 60_000, interval: 200 });
    expect(await rows('SELECT count(*)::int AS n, count(DISTINCT event_id)::int AS distinct_ids FROM ledger')).toEqual([
      { n: 1_000, distinct_ids: 1_000 },
    ]);
    expect((await inbox.stats()).pending).toBe(0);
  }, 90_000);

  it('records each failed attempt (count, next run after retryDelayMs, redacted error) and passes context.attempt', async () => {
    const { inbox, receive } = setUp({ retryDelayMs: (attempt) => (attempt === 1 ? 0 : 3_600_000) });
    await receive(delivery('evt_flaky'));
    const attempts: number[] = [];
    const onError = vi.fn();
    work(inbox, {
      on: {
        'deposit.created': (_event, { attempt }) => {
          attempts.push(attempt);
          throw new Error('could not reach postgres://ledger:hunter2@db.internal/ledger with password=hunter2');
        },
      },
      onError,
    });
    // An attempt is counted when it starts: wait for the second one's failure, reported.
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(2));
    expect((await statusOf('evt_flaky'))?.attempts).toBe(2);
    expect(attempts).toEqual([1, 2]);
    const row = await statusOf('evt_flaky');
    expect(row?.status).toBe('pending');
    expect(row?.last_error).toBe('Error: could not reach postgres://[REDACTED]@db.internal/ledger with password=[REDACTED]');
    const [due] = await rows<{ later: boolean }>(
      "SELECT due_at > now() + interval '59 minutes' AS later FROM credit_platform_webhook_inbox",
    );
    expect(due?.later).toBe(true);
    expect(onError).toHaveBeenCalledWith(expect.any(Error), expect.objectContaining({ id: 'evt_flaky' }));
  });

  it('a poison event is dead after maxAttempts, listed with its last error, replayed after the fix, processed once', async () => {
    const { inbox, receive } = setUp({ maxAttempts: 3, retryDelayMs: () => 0 });
    await pg.query(LEDGER);
    await receive(delivery('evt_poison'));
    await receive(delivery('evt_fine'));
    let fixed = false;
    let runs = 0;
    work(inbox, {
      on: {
        'deposit.created': async (event, context) => {
          if (event.id === 'evt_poison') {
            runs += 1;
            if (!fixed) throw new TypeError('cannot read amount');
          }
          await credit(event, context);
        },
      },
    });
    await vi.waitFor(async () => expect((await statusOf('evt_poison'))?.status).toBe('dead'));
    expect(runs).toBe(3);
    expect(await inbox.stats()).toMatchObject({ pending: 0, dead: 1, done: 1 });
    const dead = [];
    for await (const entry of inbox.list({ status: 'dead' })) dead.push(entry);
    expect(dead).toEqual([
      {
        eventId: 'evt_poison',
        type: 'deposit.created',
        attempts: 3,
        lastError: 'TypeError: cannot read amount',
        receivedAt: expect.any(Date),
      },
    ]);

    fixed = true;
    expect(await inbox.replay({ status: 'dead' })).toBe(1);
    await vi.waitFor(async () => expect((await statusOf('evt_poison'))?.status).toBe('done'));
    expect(runs).toBe(4);
    expect(await rows('SELECT event_id FROM ledger ORDER BY event_id')).toEqual([
      { event_id: 'evt_fine' },
      { event_id: 'evt_poison' },
    ]);
    expect(await inbox.replay({ status: 'dead' })).toBe(0);
    expect(await inbox.replay('evt_unknown')).toBe(0);
  });

  it("a handler that catches its own statement's error does not commit: the event is retried, with a message naming the fix", async () => {
    const { inbox, receive } = setUp({ retryDelayMs: () => 3_600_000 });
    await pg.query(LEDGER);
    await pg.query('CREATE UNIQUE INDEX ON ledger (deposit_id)');
    await pg.query("INSERT INTO ledger VALUES ('evt_x', 'dep_evt_aborted', 1)");
    await receive(delivery('evt_aborted'));
    const onError = vi.fn();
    work(inbox, {
      on: {
        'deposit.created': async (event, { db }) => {
          await db.query('CREATE TABLE side_effect (x int)');
          try {
            await credit(event, { db, attempt: 1, signal: new AbortController().signal });
          } catch (error) {
            if ((error as { code?: string }).code !== '23505') throw error; // the idempotent-insert pattern
          }
        },
      },
      onError,
    });
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect((await statusOf('evt_aborted'))?.attempts).toBe(1);
    expect((await statusOf('evt_aborted'))?.status).toBe('pending');
    expect((await statusOf('evt_aborted'))?.last_error).toMatch(
      /^PostgresWebhookStoreError: .*did not commit.*23505.*aborts the whole transaction.*SAVEPOINT.*ON CONFLICT DO NOTHING/s,
    );
    expect(await rows("SELECT to_regclass('side_effect') IS NULL AS gone")).toEqual([{ gone: true }]);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ name: 'PostgresWebhookStoreError', reason: 'not_committed' });
  });

  it('context.db is guarded: COMMIT is refused and sends nothing, and the connection is refused once the handler settled', async () => {
    const { inbox, receive } = setUp({ retryDelayMs: () => 3_600_000 });
    await pg.query(LEDGER);
    await receive(delivery('evt_guard'));
    await receive(delivery('evt_commit'));
    let kept: PoolClient | undefined;
    const refusals: unknown[] = [];
    work(inbox, {
      on: {
        'deposit.created': async (event, context) => {
          await credit(event, context);
          kept = context.db;
          if (event.id === 'evt_commit') await context.db.query('COMMIT'); // refused: the event fails, nothing commits
        },
      },
      onError: (error) => refusals.push(error),
    });
    await vi.waitFor(async () => {
      expect((await statusOf('evt_guard'))?.status).toBe('done');
      expect(refusals).toHaveLength(1);
    });
    expect((await statusOf('evt_commit'))?.attempts).toBe(1);
    expect(await rows('SELECT event_id FROM ledger')).toEqual([{ event_id: 'evt_guard' }]);
    expect((await statusOf('evt_commit'))?.last_error).toMatch(/^TransactionClientError: .*refused COMMIT/);
    await expect(kept?.query('SELECT 1')).rejects.toThrow(/after the handler settled/);
    expect(refusals).toHaveLength(1);
  });

  it('an event type without a handler is marked done; one the SDK does not know goes to onUnknownEvent', async () => {
    const { inbox, receive } = setUp();
    await receive(delivery('evt_unhandled'));
    const unknown = createSignedWebhookDelivery({
      type: 'loan.invented' as 'score.updated',
      id: 'evt_new_type',
      data: {},
      secret: SECRET,
    });
    await receive({ body: unknown.body, signature: unknown.headers['x-webhook-signature'] });
    const seen: string[] = [];
    work(inbox, { on: {}, onUnknownEvent: (event, { attempt }) => void seen.push(`${event.rawType} ${attempt}`) });
    await vi.waitFor(async () => expect((await inbox.stats()).done).toBe(2));
    expect(seen).toEqual(['loan.invented 1']);
  });

  it('orderKey: events of one key run one at a time in timestamp order, whatever the delivery order, a retry holding the key', async () => {
    const { inbox, receive } = setUp({ retryDelayMs: () => 50 });
    const events = Array.from({ length: 60 }, (_, i) => ({
      id: `evt_o${String(i).padStart(2, '0')}`,
      account: `acct_${i % 3}`,
      timestamp: new Date(Date.now() - 3_600_000 + i * 1_000).toISOString(),
    }));
    const shuffled = [...events].sort(() => Math.random() - 0.5);
    for (const e of shuffled) await receive(delivery(e.id, e));
    const ran: { id: string; account: string }[] = [];
    const running = new Map<string, number>();
    let overlap = false;
    let failedOnce = false;
    work(inbox, {
      on: {
        'deposit.created': async (event) => {
          const account = String(event.data.account);
          running.set(account, (running.get(account) ?? 0) + 1);
          if ((running.get(account) ?? 0) > 1) overlap = true;
          await new Promise((resolve) => setTimeout(resolve, 2));
          running.set(account, (running.get(account) ?? 0) - 1);
          if (event.id === 'evt_o30' && !failedOnce) {
            failedOnce = true;
            throw new Error('once');
          }
          ran.push({ id: event.id, account });
        },
      },
      concurrency: 4,
      orderKey: (event) => (event.type === 'deposit.created' ? String(event.data.account) : undefined),
    });
    await vi.waitFor(async () => expect((await inbox.stats()).done).toBe(60), { timeout: 20_000 });
    expect(overlap).toBe(false);
    for (const account of ['acct_0', 'acct_1', 'acct_2']) {
      const order = ran.filter((r) => r.account === account).map((r) => r.id);
      expect(order).toEqual(events.filter((e) => e.account === account).map((e) => e.id));
    }
    expect(failedOnce).toBe(true);
  });

  it('orderKey: an earlier event of a key that arrives while a later one runs waits for it to finish', async () => {
    const { inbox, receive } = setUp();
    const base = Date.now() - 60_000;
    await receive(delivery('evt_late_second', { account: 'acct_k', timestamp: new Date(base + 1_000).toISOString() }));
    await receive(delivery('evt_other_key', { account: 'acct_z', timestamp: new Date(base).toISOString() }));
    const started: string[] = [];
    let finishSecond: () => void = () => undefined;
    const secondRunning = new Promise<void>((resolve) => {
      finishSecond = resolve;
    });
    work(inbox, {
      on: {
        'deposit.created': async (event) => {
          started.push(event.id);
          if (event.id === 'evt_late_second') await secondRunning;
        },
      },
      concurrency: 3,
      orderKey: (event) => (event.type === 'deposit.created' ? String(event.data.account) : undefined),
    });
    await vi.waitFor(() => expect(started).toContain('evt_late_second'));
    await receive(delivery('evt_late_first', { account: 'acct_k', timestamp: new Date(base).toISOString() }));
    await receive(delivery('evt_other_key_2', { account: 'acct_y', timestamp: new Date(base).toISOString() }));
    await vi.waitFor(() => expect(started).toContain('evt_other_key_2')); // other keys are not held up
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(started).not.toContain('evt_late_first');
    finishSecond();
    await vi.waitFor(async () => expect((await inbox.stats()).done).toBe(4));
    expect(started.indexOf('evt_late_first')).toBeGreaterThan(started.indexOf('evt_late_second'));
  });

  it('stop() lets the events in hand commit, claims no more, and resolves once they have', async () => {
    const { inbox, receive } = setUp();
    await pg.query(LEDGER);
    for (const id of ['evt_s1', 'evt_s2', 'evt_s3']) await receive(delivery(id));
    let started = 0;
    const worker = work(inbox, {
      on: {
        'deposit.created': async (event, context) => {
          started += 1;
          await new Promise((resolve) => setTimeout(resolve, 300));
          await credit(event, context);
        },
      },
      concurrency: 2,
    });
    await vi.waitFor(() => expect(started).toBe(2));
    const stopped = worker.stop();
    expect(worker.stop()).toBe(stopped);
    await stopped;
    expect(await rows('SELECT count(*)::int AS n FROM ledger')).toEqual([{ n: 2 }]);
    expect(await inbox.stats()).toMatchObject({ done: 2, pending: 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(started).toBe(2);
  });

  it('a worker whose database is unreachable reports it and keeps trying; stop() still resolves', async () => {
    const { Pool } = await import('pg');
    const pool = new Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/postgres', connectionTimeoutMillis: 500 });
    const inbox = createPostgresWebhookInbox(pool);
    const errors: unknown[] = [];
    const worker = inbox.work({ on: {}, pollIntervalMs: 20, onError: (error) => errors.push(error) });
    await vi.waitFor(() => expect(errors.length).toBeGreaterThanOrEqual(3));
    await worker.stop();
    const seen = errors.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(errors.length).toBe(seen);
    await pool.end();
  });

  it('an aborted signal stops the worker like stop()', async () => {
    const { inbox, receive } = setUp();
    const controller = new AbortController();
    let runs = 0;
    const count = () => {
      runs += 1;
    };
    work(inbox, { on: { 'deposit.created': count }, signal: controller.signal });
    controller.abort();
    await receive(delivery('evt_after_abort'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toBe(0);
  });
});

describe('the inbox table', () => {
  it('is created only when missing: a new inbox stores at once beside a transaction that holds the table', async () => {
    const first = setUp();
    await first.receive(delivery('evt_before'));
    const holder = await first.pool.connect();
    await holder.query('BEGIN');
    await holder.query("UPDATE credit_platform_webhook_inbox SET attempts = 0 WHERE event_id = 'evt_before'");
    try {
      const second = setUp(); // a new process: its first call must not run CREATE INDEX behind `holder`
      const started = performance.now();
      expect((await second.receive(delivery('evt_beside'))).outcome).toBe('stored');
      expect(performance.now() - started).toBeLessThan(1_500);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
  });

  it('the SQL documented for createTable: false makes a table the inbox works with', async () => {
    const source = readFileSync(new URL('../../src/postgres/inbox/options.ts', import.meta.url), 'utf8');
    const sql = /```sql\n([\s\S]*?)```/.exec(source)?.[1]?.replace(/^\s*\* ?/gm, '') ?? '';
    expect(sql).toContain('CREATE TABLE credit_platform_webhook_inbox');
    await pg.query(sql);
    await pg.query(LEDGER);
    const { inbox, receive } = setUp({ createTable: false });
    expect((await receive(delivery('evt_migrated'))).outcome).toBe('stored');
    work(inbox, { on: { 'deposit.created': credit }, orderKey: () => 'k' });
    await vi.waitFor(async () => expect((await inbox.stats()).done).toBe(1));
    const indexes = await rows<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE tablename = 'credit_platform_webhook_inbox' ORDER BY indexname",
    );
    expect(indexes.map((row) => row.indexname)).toEqual([
      'credit_platform_webhook_inbox_due',
      'credit_platform_webhook_inbox_listing',
      'credit_platform_webhook_inbox_order',
      'credit_platform_webhook_inbox_pkey',
      'credit_platform_webhook_inbox_unkeyed',
    ]);
  });
});

describe('inbox.stats, list, replay, purge', () => {
  it('lists 250 events of a status, oldest first, in pages, each once', async () => {
    const { inbox, receive } = setUp();
    const ids = Array.from({ length: 250 }, (_, i) => `evt_l${String(i).padStart(3, '0')}`);
    for (const id of ids) await receive(delivery(id));
    const listed: string[] = [];
    for await (const entry of inbox.list({ status: 'pending' })) listed.push(entry.eventId);
    expect(listed).toEqual(ids);
    // Received in one instant (one transaction's now()): the id breaks the tie, pages neither repeat nor skip.
    await pg.query("UPDATE credit_platform_webhook_inbox SET received_at = '2026-11-27 10:00:00.123456+00'");
    const tied: string[] = [];
    for await (const entry of inbox.list({ status: 'pending' })) tied.push(entry.eventId);
    expect(tied).toEqual(ids);
    const stats = await inbox.stats();
    expect(stats).toMatchObject({ pending: 250, dead: 0, done: 0 });
    expect(stats.oldestPendingMs).toBeGreaterThanOrEqual(0);
    expect((await setUp().inbox.stats()).oldestPendingMs).not.toBeNull();
  });

  it('replay(eventId) puts a done event back; purge deletes done events older than retentionMs only', async () => {
    const { inbox, receive } = setUp({ retentionMs: 400_000 }, 100_000);
    for (const id of ['evt_old', 'evt_new', 'evt_stuck']) await receive(delivery(id));
    await pg.query(
      "UPDATE credit_platform_webhook_inbox SET status = 'done', received_at = now() - interval '7 minutes' WHERE event_id = 'evt_old'",
    );
    await pg.query("UPDATE credit_platform_webhook_inbox SET status = 'done' WHERE event_id = 'evt_new'");
    await pg.query(
      "UPDATE credit_platform_webhook_inbox SET status = 'dead', received_at = now() - interval '7 minutes' WHERE event_id = 'evt_stuck'",
    );
    expect(await inbox.purge()).toBe(1);
    expect(await rows('SELECT event_id FROM credit_platform_webhook_inbox ORDER BY event_id')).toEqual([
      { event_id: 'evt_new' },
      { event_id: 'evt_stuck' },
    ]);
    expect(await inbox.replay('evt_new')).toBe(1);
    expect(await statusOf('evt_new')).toEqual({ status: 'pending', attempts: 0, last_error: null });
  });

  it('list and replay refuse what they cannot mean', async () => {
    const { inbox } = setUp();
    expect(() => inbox.list({ status: 'failed' as 'dead' })).toThrow(/'pending', 'done' or 'dead'/);
    await expect(inbox.replay({ status: 'done' as 'dead' })).rejects.toThrow(/status: 'dead'/);
  });
});
