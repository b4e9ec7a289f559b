// Events that could stall or loop an inbox, against a real PostgreSQL and real processes: a handler
// that never settles (it reaches its deadline, the worker goes on, stop() resolves), one that kills
// its process (each death is an attempt: dead after maxAttempts), and what the log says of each
// failed attempt.
import type { PoolClient } from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPostgresWebhookInbox,
  type PostgresWebhookInbox,
  TransactionClientError,
  type WebhookInboxWorker,
  type WebhookInboxWorkOptions,
} from '../../src/postgres/index.js';
import { type InboxWorkerProcess, startInboxWorkerProcess } from '../helpers/inbox-worker-process.js';
import { usePostgresServer } from '../helpers/use-postgres.js';
import { depositEvent } from '../helpers/inbox-event.js';

vi.setConfig({ testTimeout: 60_000 });

const pg = usePostgresServer();
const workers: WebhookInboxWorker[] = [];
const processes: InboxWorkerProcess[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  await Promise.all(processes.splice(0).map((child) => child.kill()));
});

const LEDGER = 'CREATE TABLE ledger (event_id text NOT NULL, deposit_id text NOT NULL, amount numeric NOT NULL)';
const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/;

function work(inbox: PostgresWebhookInbox<PoolClient>, options: WebhookInboxWorkOptions<PoolClient>): WebhookInboxWorker {
  const worker = inbox.work({ pollIntervalMs: 20, onError: () => undefined, ...options });
  workers.push(worker);
  return worker;
}

const statusOf = async (id: string) =>
  (
    await pg.query<{ status: string; attempts: number; last_error: string | null }>(
      'SELECT status, attempts, last_error FROM credit_platform_webhook_inbox WHERE event_id = $1',
      [id],
    )
  )[0];

const credit = async (event: { id: string }, db: PoolClient) => {
  await db.query("INSERT INTO ledger (event_id, deposit_id, amount) VALUES ($1, 'dep', 1)", [event.id]);
};

describe('a handler that never settles, concurrency 1', () => {
  it('reaches its deadline: signal aborted, writes rolled back, attempt failed, later events run, stop() resolves', async () => {
    const inbox = createPostgresWebhookInbox(pg.pool({ max: 4 }), {
      logger: { warn: () => undefined },
      retryDelayMs: () => 3_600_000,
    });
    await pg.query(LEDGER);
    const earlier = new Date(Date.now() - 60_000);
    await inbox.accept(depositEvent('evt_hangs', earlier));
    for (const id of ['evt_2', 'evt_3', 'evt_4']) await inbox.accept(depositEvent(id));
    let signal: AbortSignal | undefined;
    let db: PoolClient | undefined;
    work(inbox, {
      timeoutMs: 300,
      on: {
        'deposit.created': async (event, context) => {
          await credit(event, context.db);
          if (event.id !== 'evt_hangs') return;
          signal = context.signal;
          db = context.db;
          await new Promise(() => undefined);
        },
      },
    });
    await vi.waitFor(async () => expect((await inbox.stats()).done).toBe(3), { timeout: 10_000 });
    expect(await statusOf('evt_hangs')).toEqual({
      status: 'pending',
      attempts: 1,
      last_error: expect.stringMatching(/^Error: credit-platform: timed out after 300 ms \(timeoutMs\)/),
    });
    expect(signal?.aborted).toBe(true);
    await expect(db?.query('SELECT 1')).rejects.toBeInstanceOf(TransactionClientError);
    expect(await pg.query('SELECT event_id FROM ledger ORDER BY event_id')).toEqual([
      { event_id: 'evt_2' },
      { event_id: 'evt_3' },
      { event_id: 'evt_4' },
    ]);
  });

  it('a query that never ends: its session is ended at the deadline, so the row is free and the failure recorded at once', async () => {
    const inbox = createPostgresWebhookInbox(pg.pool({ max: 4 }), {
      logger: { warn: () => undefined },
      retryDelayMs: () => 3_600_000,
    });
    await pg.query(LEDGER);
    await inbox.accept(depositEvent('evt_sleeps'));
    const worker = work(inbox, {
      timeoutMs: 300,
      on: {
        'deposit.created': async (event, { db }) => {
          await credit(event, db);
          await db.query('SELECT pg_sleep(60)');
        },
      },
    });
    await vi.waitFor(async () => expect((await statusOf('evt_sleeps'))?.last_error).toMatch(/timed out after 300 ms/), {
      timeout: 5_000,
    });
    const stopping = performance.now();
    await worker.stop();
    expect(performance.now() - stopping).toBeLessThan(1_000);
    expect(await pg.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(60)'")).toEqual([
      { n: 0 },
    ]);
    expect(await pg.query('SELECT count(*)::int AS n FROM ledger')).toEqual([{ n: 0 }]);
  });

  it('stop() aborts context.signal and resolves within the deadline, the hanging attempt recorded', async () => {
    const inbox = createPostgresWebhookInbox(pg.pool({ max: 4 }), { logger: { warn: () => undefined } });
    await pg.query(LEDGER);
    await inbox.accept(depositEvent('evt_stop'));
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let abortedWith: unknown;
    const worker = work(inbox, {
      timeoutMs: 500,
      on: {
        'deposit.created': async (_event, { signal }) => {
          signal.addEventListener('abort', () => {
            abortedWith = signal.reason;
          });
          started();
          await new Promise(() => undefined);
        },
      },
    });
    await running;
    const stopping = performance.now();
    await worker.stop();
    expect(performance.now() - stopping).toBeLessThan(1_500);
    // Aborted by stop() itself, not only later by the deadline.
    expect(String((abortedWith as Error | undefined)?.message)).toMatch(/the inbox worker is stopping/);
    expect((await statusOf('evt_stop'))?.last_error).toMatch(/timed out after 500 ms/);
  });
});

describe('a handler that kills its process', () => {
  it('counts each death as an attempt: after maxAttempts the event is dead, its last error saying the worker died', async () => {
    await pg.query(LEDGER);
    const inbox = createPostgresWebhookInbox(pg.pool(), { logger: { warn: () => undefined } });
    await inbox.accept(depositEvent('evt_dies'));
    // Each death leaves the event leased for the 1 s deadline and 1 s (the least retry delay of a lease).
    const env = {
      DATABASE_URL: pg.server.url,
      CONCURRENCY: '1',
      DIE: '1',
      MAX_ATTEMPTS: '2',
      RETRY_DELAY_MS: '1',
      TIMEOUT_MS: '1000',
    };
    for (const attempt of [1, 2]) {
      const child = startInboxWorkerProcess(env);
      processes.push(child);
      await child.printed('wrote evt_dies').catch(() => undefined);
      await child.kill();
      expect((await statusOf('evt_dies'))?.attempts).toBe(attempt);
    }
    // The next worker finds the second attempt never finished, and it was the last.
    const last = startInboxWorkerProcess(env);
    processes.push(last);
    await vi.waitFor(async () => expect((await statusOf('evt_dies'))?.status).toBe('dead'), { timeout: 20_000 });
    expect(await statusOf('evt_dies')).toEqual({
      status: 'dead',
      attempts: 2,
      last_error: expect.stringMatching(/^the worker died during attempt 2 of 2: its process ended/),
    });
    await last.printed('warn credit-platform: inbox event evt_dies (deposit.created) attempt 2 of 2 failed, now dead');
    expect(last.lines.filter((line) => line.startsWith('wrote '))).toEqual([]);
    expect(await pg.query('SELECT count(*)::int AS n FROM ledger')).toEqual([{ n: 0 }]);
  });
});

describe('the log line of a failed attempt', () => {
  it('names the event, its type, attempt n of maxAttempts, the next run or that it is dead, and the redacted error', async () => {
    const warn = vi.fn();
    const inbox = createPostgresWebhookInbox(pg.pool(), { logger: { warn }, maxAttempts: 2, retryDelayMs: () => 50 });
    await inbox.accept(depositEvent('evt_fails'));
    work(inbox, {
      on: {
        'deposit.created': async (_event, { db }) => {
          await db.query('INSERT INTO ledger_missing (x) VALUES (1)');
        },
      },
    });
    await vi.waitFor(async () => expect((await statusOf('evt_fails'))?.status).toBe('dead'));
    const lines = warn.mock.calls.map(([message]) => String(message));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(
        `^credit-platform: inbox event evt_fails \\(deposit\\.created\\) attempt 1 of 2 failed, runs again at ${ISO.source}: ` +
          'error: relation "ledger_missing" does not exist$',
      ),
    );
    expect(lines[1]).toMatch(
      /^credit-platform: inbox event evt_fails \(deposit\.created\) attempt 2 of 2 failed, now dead: fix the cause, then replay it .*: error: relation "ledger_missing" does not exist$/,
    );
    expect(warn.mock.calls[1]?.[1]).toEqual({
      eventId: 'evt_fails',
      type: 'deposit.created',
      attempt: 2,
      maxAttempts: 2,
      status: 'dead',
      error: 'error: relation "ledger_missing" does not exist',
    });
  });

  it('says the failure is not recorded when the event changed while the attempt ran, and leaves the row as that left it', async () => {
    const warn = vi.fn();
    const inbox = createPostgresWebhookInbox(pg.pool(), { logger: { warn } });
    await inbox.accept(depositEvent('evt_edited'));
    work(inbox, {
      on: {
        'deposit.created': async () => {
          // An operator's edit, committed on a connection of its own while the handler runs.
          await pg.query("UPDATE credit_platform_webhook_inbox SET attempts = 5 WHERE event_id = 'evt_edited'");
          throw new Error('ledger down');
        },
      },
    });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(String(warn.mock.calls[0]?.[0])).toBe(
      'credit-platform: inbox event evt_edited (deposit.created) attempt 1 of 8 failed, not recorded: the event changed ' +
        'while the attempt ran (replayed, or its row edited), and stays as that left it: Error: ledger down',
    );
    expect(warn.mock.calls[0]?.[1]).toEqual(expect.objectContaining({ eventId: 'evt_edited', status: 'unrecorded' }));
    expect(await statusOf('evt_edited')).toEqual({ status: 'pending', attempts: 5, last_error: null });
  });
});
