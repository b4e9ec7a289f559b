// What an operator or a handler can do to an inbox event, against a real PostgreSQL: none of it
// applies the event twice. A handler's `search_path`, set for the transaction or for the session,
// never moves the inbox's own statements; a session setting never reaches the next event; a replay
// of a running event neither waits for it nor runs it again.
import type { PoolClient } from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPostgresWebhookInbox,
  createPostgresWebhookStore,
  type PostgresWebhookInbox,
  TransactionClientError,
  type WebhookInboxWorker,
  type WebhookInboxWorkOptions,
} from '../../src/postgres/index.js';
import { createWebhookReceiver } from '../../src/webhooks/index.js';
import { signedDeposit } from '../helpers/signed-deposit.js';
import { usePostgresServer } from '../helpers/use-postgres.js';
import { depositEvent } from '../helpers/inbox-event.js';

vi.setConfig({ testTimeout: 30_000 });

const pg = usePostgresServer();
const workers: WebhookInboxWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  await pg.query('DROP SCHEMA IF EXISTS tenant_b CASCADE');
});

const LEDGER = 'CREATE TABLE public.ledger (event_id text NOT NULL)';
const quiet = { warn: () => undefined };

function work(inbox: PostgresWebhookInbox<PoolClient>, options: WebhookInboxWorkOptions<PoolClient>): WebhookInboxWorker {
  const worker = inbox.work({ pollIntervalMs: 20, onError: () => undefined, ...options });
  workers.push(worker);
  return worker;
}

const credits = async (id: string) =>
  (await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM public.ledger WHERE event_id = $1', [id]))[0]?.n;

const statusOf = async (id: string) =>
  (
    await pg.query<{ status: string; attempts: number; last_error: string | null }>(
      'SELECT status, attempts, last_error FROM public.credit_platform_webhook_inbox WHERE event_id = $1',
      [id],
    )
  )[0];

/** A second tenant whose schema holds a table of the inbox's name, with a pending event of its own. */
async function tenantB(): Promise<void> {
  await pg.query('CREATE SCHEMA tenant_b');
  await pg.query('CREATE TABLE tenant_b.credit_platform_webhook_inbox (LIKE public.credit_platform_webhook_inbox INCLUDING ALL)');
  await pg.query(
    "INSERT INTO tenant_b.credit_platform_webhook_inbox (event_id, type, event_time, body) SELECT 'evt_of_b', type, event_time, body FROM public.credit_platform_webhook_inbox LIMIT 1",
  );
}

describe("a handler's search_path", () => {
  it('SET LOCAL search_path to a tenant with a table of the same name: the done mark still lands on the inbox, one credit', async () => {
    const inbox = createPostgresWebhookInbox(pg.pool({ max: 4 }), { logger: quiet, retryDelayMs: () => 0 });
    await pg.query(LEDGER);
    await inbox.accept(depositEvent('evt_tenant'));
    await tenantB();
    let runs = 0;
    work(inbox, {
      on: {
        'deposit.created': async (event, { db }) => {
          runs++;
          await db.query('SET LOCAL search_path TO tenant_b, public');
          await db.query('INSERT INTO ledger (event_id) VALUES ($1)', [event.id]);
        },
      },
    });
    await vi.waitFor(async () => expect((await statusOf('evt_tenant'))?.status).toBe('done'));
    // A few more polls: a mark that missed would leave it pending, and it would run again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await credits('evt_tenant')).toBe(1);
    expect(runs).toBe(1);
    expect(await pg.query('SELECT status FROM tenant_b.credit_platform_webhook_inbox')).toEqual([{ status: 'pending' }]);
  });

  it('SET search_path (the session) is refused, naming SET LOCAL: nothing credited, nothing left on the connection', async () => {
    // One connection for the worker's LISTEN, one for its event: the one the next event or delivery gets.
    const pool = pg.pool({ max: 2 });
    const inbox = createPostgresWebhookInbox(pool, { logger: quiet, maxAttempts: 1 });
    await pg.query(LEDGER);
    await inbox.accept(depositEvent('evt_session'));
    await tenantB();
    const refused: unknown[] = [];
    work(inbox, {
      reservedConnections: 0,
      on: {
        'deposit.created': async (event, { db }) => {
          for (const statement of [
            'SET search_path TO tenant_b, public',
            'SET SESSION statement_timeout = 1',
            'RESET search_path',
            "SELECT set_config('search_path', 'tenant_b, public', false)",
          ]) {
            await db.query(statement).catch((error: unknown) => refused.push(error));
          }
          await db.query('INSERT INTO ledger (event_id) VALUES ($1)', [event.id]);
        },
      },
    });
    await vi.waitFor(async () => expect((await statusOf('evt_session'))?.status).toBe('done'));
    expect(refused).toHaveLength(4);
    for (const error of refused) {
      expect(error).toBeInstanceOf(TransactionClientError);
      expect(error).toMatchObject({ reason: 'session_setting', message: expect.stringContaining('SET LOCAL') });
    }
    expect(await credits('evt_session')).toBe(1);
    // The pool's one idle connection, as the next event or delivery gets it.
    expect((await pool.query('SHOW search_path')).rows).toEqual([{ search_path: '"$user", public' }]);
    expect((await pool.query('SHOW statement_timeout')).rows).toEqual([{ statement_timeout: '0' }]);
    expect(await pg.query('SELECT status FROM tenant_b.credit_platform_webhook_inbox')).toEqual([{ status: 'pending' }]);
  });

  it("the exactly-once store's context.db refuses a session SET as well, and the delivery fails (500, retried)", async () => {
    await pg.query(LEDGER);
    const pool = pg.pool({ max: 1 });
    const onError = vi.fn();
    const receive = createWebhookReceiver({
      secret: 'whsec_settings',
      store: createPostgresWebhookStore(pool),
      onError,
      on: {
        'deposit.created': async (event, { db }: { db: PoolClient }) => {
          await db.query('SET search_path TO pg_catalog');
          await db.query('INSERT INTO public.ledger (event_id) VALUES ($1)', [event.id]);
        },
      },
    });
    const answer = await receive(signedDeposit('evt_store', 'whsec_settings'));
    expect(answer.status).toBe(500);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ name: 'TransactionClientError', reason: 'session_setting' });
    expect(await credits('evt_store')).toBe(0);
    expect((await pool.query('SHOW search_path')).rows).toEqual([{ search_path: '"$user", public' }]);
  });
});

describe('inbox.replay(eventId) while the event runs', () => {
  it('resolves 0 at once, leaves the event to its handler, which runs once; 1 once it is done', async () => {
    const inbox = createPostgresWebhookInbox(pg.pool({ max: 4 }), { logger: quiet });
    await pg.query(LEDGER);
    await inbox.accept(depositEvent('evt_running'));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let runs = 0;
    work(inbox, {
      on: {
        'deposit.created': async (event, { db }) => {
          runs++;
          await db.query('INSERT INTO ledger (event_id) VALUES ($1)', [event.id]);
          started();
          if (runs === 1) await held;
        },
      },
    });
    await running;
    const before = performance.now();
    expect(await inbox.replay('evt_running')).toBe(0);
    expect(performance.now() - before).toBeLessThan(500);
    expect(await inbox.replay('evt_unknown')).toBe(0);
    release();
    await vi.waitFor(async () => expect((await statusOf('evt_running'))?.status).toBe('done'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([runs, await credits('evt_running')]).toEqual([1, 1]);
    // Done: a replay puts it back, and it runs again (the operator asked for it).
    expect(await inbox.replay('evt_running')).toBe(1);
    await vi.waitFor(async () => expect(await credits('evt_running')).toBe(2));
  });
});

describe('the done mark', () => {
  it('matches nothing when the event changed under its handler: the handler’s writes roll back with it, and it says why', async () => {
    const inbox = createPostgresWebhookInbox(pg.pool({ max: 4 }), { logger: quiet, retryDelayMs: () => 3_600_000 });
    await pg.query(LEDGER);
    await inbox.accept(depositEvent('evt_edited'));
    const onError = vi.fn();
    work(inbox, {
      on: {
        'deposit.created': async (event, { db }) => {
          await db.query('INSERT INTO ledger (event_id) VALUES ($1)', [event.id]);
          // As an operator's edit or a second run's claim would: the attempt is no longer the event's current one.
          await db.query('UPDATE credit_platform_webhook_inbox SET attempts = attempts + 1 WHERE event_id = $1', [event.id]);
        },
      },
      onError,
    });
    await vi.waitFor(() => expect(onError).toHaveBeenCalled());
    expect(String(onError.mock.calls[0]?.[0])).toMatch(
      /the done mark of event evt_edited, attempt 1, matched no row of "public"\."credit_platform_webhook_inbox".*rolled back/,
    );
    expect(await credits('evt_edited')).toBe(0);
    expect(await statusOf('evt_edited')).toMatchObject({ status: 'pending', attempts: 1 });
  });
});
